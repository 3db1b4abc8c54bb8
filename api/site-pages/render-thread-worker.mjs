// The worker side of render-thread.ts: loads the build's SSR bundle (workerData.entry, a file URL)
// and renders one page per message. Plain JavaScript on purpose: the worker starts without tsx's
// loader, which cost the server ~100 MB of RSS to load the 1.3 MB bundle through (decision 029).
import { parentPort, workerData } from 'node:worker_threads'

const { renderPage } = await import(workerData.entry)

parentPort.on('message', async ({ id, template, path, data, hydrateAt, language }) => {
  try {
    parentPort.postMessage({ id, html: await renderPage(template, path, data, hydrateAt, language) })
  } catch (error) {
    // Only the message crosses over: the caller makes its own Error (no stack from here).
    parentPort.postMessage({ id, error: String(error?.message ?? error) })
  }
})
