// An export thread that starts, hands back one chunk, then dies when asked for the next
// (export-thread.test.ts): what a crash or an out-of-memory mid-export looks like to the main thread.
import { parentPort } from 'node:worker_threads'

let asked = 0
parentPort.on('message', ({ id }) => {
  if (++asked > 1) process.exit(7)
  parentPort.postMessage({ id, text: '"first chunk"\r\n' })
})
parentPort.postMessage({ id: -1, ready: true })
