// The public pages' HTML (issue 21, decision 029). Built by Vite as an SSR bundle (scripts/
// prerender-pages.ts): the build renders each page of `htmlPagePaths` and the not-found page in
// English into the build's `.pages/` folder, and the server renders the home page again with the
// towns of the directory (api/site-pages/html-pages.ts). The same App as the browser's, at a
// StaticRouter, with the screen's code and words loaded first, and Chakra's emotion styles
// collected into one <style> in the head, which the browser's emotion cache (key `css`) adopts.
import createCache from '@emotion/cache'
import { CacheProvider } from '@emotion/react'
import { StrictMode, type ReactNode } from 'react'
import { prerender } from 'react-dom/static'
import { StaticRouter } from 'react-router-dom'
import type { FarmerLocation } from '../api/contract/farmers'
import { App } from './app/app'
import { preloadRoute } from './app/router'
import { citiesWithFarmers } from './features/directory/directory-logic'
import { firstTownsScript } from './features/directory/first-towns'
import { setLocale } from './i18n/runtime'
import { serverRenderedTitle } from './shared/site'

export interface PageData {
  /** The directory's towns (`GET /api/farmers/locations`): the home page lists those with farmers. */
  locations?: readonly FarmerLocation[]
}

const ROOT = '<div id="root"></div>'

const escapeHtml = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;')

/**
 * The built index.html (`template`) with the page at `path` in its #root (marked `data-ssr` with
 * the path, so the browser hydrates it only there), its styles in the head and, given towns, the
 * towns the city grid was rendered with. The not-found page is rendered at a path no route has and
 * marked `*` (`hydrateAt`): the browser hydrates it at any path its router does not know.
 */
export function renderPage(template: string, path: string, data: PageData = {}, hydrateAt: string = path): Promise<string> {
  // One at a time: the page's title is read from module state its render leaves behind.
  const rendered = queue.then(() => render(template, path, data, hydrateAt))
  queue = rendered.catch(() => undefined)
  return rendered
}

let queue: Promise<unknown> = Promise.resolve()

async function render(template: string, path: string, data: PageData, hydrateAt: string): Promise<string> {
  if (!template.includes(ROOT)) throw new Error('The page template has no empty #root')
  await setLocale('en', false)
  await preloadRoute(path)
  serverRenderedTitle.current = undefined
  const cache = createCache({ key: 'css' })
  // Styles go into cache.inserted instead of <style> tags beside each element.
  cache.compat = true
  const towns = data.locations ? citiesWithFarmers(data.locations) : undefined
  const Router = ({ children }: { children: ReactNode }) => <StaticRouter location={path}>{children}</StaticRouter>
  const { prelude } = await prerender(
    <StrictMode>
      <CacheProvider value={cache}>
        <App Router={Router} towns={towns} />
      </CacheProvider>
    </StrictMode>,
  )
  const markup = await new Response(prelude).text()
  const rules = Object.entries(cache.inserted).filter((entry): entry is [string, string] => typeof entry[1] === 'string')
  const style = `<style data-emotion="css ${rules.map(([name]) => name).join(' ')}">${rules.map(([, css]) => css).join('')}</style>`
  const townsScript = towns && towns.length > 0 ? firstTownsScript(towns) : ''
  // The screen's own tab title (useDocumentTitle), as the browser will set it.
  const title = serverRenderedTitle.current
  return template
    .replace(/<title>[^<]*<\/title>/, (whole) => (title ? `<title>${escapeHtml(title)}</title>` : whole))
    .replace('</head>', () => `${style}</head>`)
    .replace(ROOT, () => `<div id="root" data-ssr="${escapeHtml(hydrateAt)}">${markup}</div>${townsScript}`)
}
