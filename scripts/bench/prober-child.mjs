// The bench's health prober, in a process of its own so that its timings are the server's: the
// bench process also downloads the staff member's 27 MB exports, which would delay a prober living
// beside them. Calls `url` every `everyMs` on one keep-alive connection until the parent sends
// 'stop', then sends back { probes, failures, waits } and exits.
import http from 'node:http'

const { url, everyMs } = JSON.parse(process.argv[2])
const agent = new http.Agent({ keepAlive: true, maxSockets: 1 })
const waits = []
let failures = 0
let running = true

function probe() {
  return new Promise((resolve) => {
    const req = http.get(url, { agent, timeout: 30_000 }, (res) => {
      res.resume()
      res.on('end', () => resolve(res.statusCode === 200))
    })
    req.on('timeout', () => req.destroy(new Error('timeout')))
    req.on('error', () => resolve(false))
  })
}

process.on('message', (message) => {
  if (message === 'stop') running = false
})

while (running) {
  const started = performance.now()
  if (!(await probe())) failures++
  const took = performance.now() - started
  waits.push(took)
  await new Promise((resolve) => setTimeout(resolve, Math.max(0, everyMs - took)))
}
process.send({ probes: waits.length, failures, waits }, () => {
  agent.destroy()
  process.exit(0)
})
