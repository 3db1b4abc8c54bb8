// Read threads that fail on purpose (tests of db/read-thread.ts and of the answers built on it):
// 'crash' dies on its first query; 'fail' answers every query with SQLite's error for a damaged file.
import { parentPort, workerData } from 'node:worker_threads'

parentPort.on('message', ({ id }) => {
  if (workerData.mode === 'crash') process.exit(3)
  parentPort.postMessage({ id, error: { message: 'database disk image is malformed', code: 'SQLITE_CORRUPT' } })
})
