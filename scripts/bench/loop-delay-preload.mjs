// Loaded into the bench's server process (NODE_OPTIONS=--import …, mixed-load.ts): how long its event
// loop waited, as Node's own histogram sees it, written to VF_LOOP_DELAY_FILE twice a second. The
// bench starts a new histogram by creating `<file>.reset`. Only in the main thread: the read thread's
// loop is not the one requests wait on.
import fs from 'node:fs'
import { monitorEventLoopDelay } from 'node:perf_hooks'
import { isMainThread } from 'node:worker_threads'

const file = process.env.VF_LOOP_DELAY_FILE
if (file && isMainThread) {
  const histogram = monitorEventLoopDelay({ resolution: 5 })
  histogram.enable()
  setInterval(() => {
    if (fs.existsSync(`${file}.reset`)) {
      fs.rmSync(`${file}.reset`, { force: true })
      histogram.reset()
    }
    const ms = (ns) => ns / 1e6
    fs.writeFileSync(file, JSON.stringify({ p50: ms(histogram.percentile(50)), p99: ms(histogram.percentile(99)), max: ms(histogram.max) }))
  }, 500).unref()
}
