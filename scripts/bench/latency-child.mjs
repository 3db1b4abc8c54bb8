// The bench's latency probe, in a process of its own: `amount` sequential GETs on one keep-alive
// connection as a browser asks, each timed with performance.now() (autocannon's histogram counts
// whole milliseconds; a cached answer on loopback takes a fraction of one). Prints the sorted times.
import http from 'node:http'

const { url, amount, headers } = JSON.parse(process.argv[2])
const agent = new http.Agent({ keepAlive: true, maxSockets: 1 })
const get = () =>
  new Promise((resolve, reject) => {
    const req = http.get(url, { agent, headers }, (res) => {
      res.on('data', () => {})
      res.on('end', () => resolve(res.statusCode))
      res.on('error', reject)
    })
    req.on('error', reject)
  })
const times = []
let non2xx = 0
for (let i = 0; i < amount; i++) {
  const started = performance.now()
  const status = await get()
  times.push(performance.now() - started)
  if (status < 200 || status > 299) non2xx++
}
agent.destroy()
process.stdout.write(JSON.stringify({ times: times.sort((a, b) => a - b), non2xx }))
