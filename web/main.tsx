import { StrictMode, startTransition } from 'react'
import { createRoot } from 'react-dom/client'
import { App } from './app/app'

const container = document.getElementById('root')
if (!container) throw new Error('Missing #root element in index.html')

const root = createRoot(container)
// A transition: React renders the first screen in slices of a few milliseconds, so a slow phone's
// main thread is never blocked for the whole render (Lighthouse's Total Blocking Time).
startTransition(() => {
  root.render(
    <StrictMode>
      <App />
    </StrictMode>,
  )
})
