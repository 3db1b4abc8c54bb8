// Build step (issue 21, decision 029): the public pages as HTML. After the browser build has written
// index.html and its chunks, web/entry-server.tsx is built as an SSR bundle into the build's `.ssr/`
// folder, and each page of `htmlPagePaths` (and the not-found page) is rendered in English into
// `.pages/`, and each page of `htmlPagePaths` in iTaukei and Fiji Hindi into `.pages/fj/` and
// `.pages/hif/` (not precached: a reader's service worker keeps their language's, web/sw.ts). Dot folders: the server never sends them as files of their own (api/web-app.ts answers
// each page at its own path), and the service worker precaches each page under its path
// (`htmlPagesManifest`, a manifest transform). The server loads the same bundle to render the home
// page again with the directory's towns (api/site-pages/html-pages.ts).
import { createHash } from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import { build, type Plugin, type PluginOption } from 'vite'
import { HTML_PAGES_DIR, NOT_FOUND_RENDER_PATH, htmlPageFile, htmlPageFileIn, htmlPageLanguages, htmlPagePaths } from '../api/contract/public-pages.ts'

/** The SSR bundle's folder and file inside the build (api/site-pages/html-pages.ts loads it). */
export const SSR_DIR = '.ssr'
export const SSR_ENTRY = 'entry-server.js'

export type RenderPage = (template: string, path: string, data?: object, hydrateAt?: string, language?: string) => Promise<string>

/** Every page to write: its path, its file, what the browser hydrates it at and its language. */
export const pagesToRender = () => [
  ...htmlPagePaths.map((pagePath) => ({ pagePath, file: htmlPageFile(pagePath), hydrateAt: pagePath, language: 'en' })),
  { pagePath: NOT_FOUND_RENDER_PATH, file: htmlPageFile('not-found'), hydrateAt: '*', language: 'en' },
  ...htmlPageLanguages.flatMap((language) => htmlPagePaths.map((pagePath) => ({ pagePath, file: htmlPageFileIn(language, pagePath), hydrateAt: pagePath, language }))),
]

/** The service worker's registration is browser-only (the update banner, mounted once idle): the SSR bundle gets a stand-in. */
function noWorkerRegistration(): Plugin {
  const id = 'virtual:pwa-register/react'
  return {
    name: 'viti:ssr-no-sw-registration',
    resolveId: (source) => (source === id ? `\0${id}` : undefined),
    load: (resolved) => (resolved === `\0${id}` ? 'export function useRegisterSW() { throw new Error("no service worker on the server") }' : undefined),
  }
}

/** Writes every page's HTML into `outDir`'s pages folder, from the built index.html; returns how many. */
export async function writePages(outDir: string, renderPage: RenderPage): Promise<number> {
  const template = fs.readFileSync(path.join(outDir, 'index.html'), 'utf8')
  const pages = pagesToRender()
  for (const page of pages) {
    const file = path.join(outDir, HTML_PAGES_DIR, page.file)
    fs.mkdirSync(path.dirname(file), { recursive: true })
    fs.writeFileSync(file, await renderPage(template, page.pagePath, {}, page.hydrateAt, page.language))
  }
  return pages.length
}

/**
 * Vite plugin: builds the SSR bundle and writes the pages, before vite-plugin-pwa builds the service
 * worker (whose precache lists them) and before the files are precompressed. `ssrPlugins` are the
 * plugins the bundle needs (React, the catalogs' virtual modules).
 */
export function prerenderPages(ssrPlugins: () => PluginOption[]): Plugin {
  let outDir = ''
  let root = ''
  return {
    name: 'viti:prerender-pages',
    apply: 'build',
    configResolved(config) {
      root = config.root
      outDir = path.resolve(config.root, config.build.outDir)
    },
    closeBundle: {
      order: 'pre',
      sequential: true,
      async handler() {
        const ssrDir = path.join(outDir, SSR_DIR)
        await build({
          configFile: false,
          root,
          logLevel: 'warn',
          plugins: [...ssrPlugins(), noWorkerRegistration()],
          // Self-contained: the build may live outside the repository (WEB_DIR, a container's
          // copy of dist/), where no node_modules sits above `.ssr/` to resolve packages from.
          ssr: { noExternal: true },
          build: { ssr: path.join(root, 'entry-server.tsx'), outDir: ssrDir, emptyOutDir: true, copyPublicDir: false, rollupOptions: { output: { entryFileNames: SSR_ENTRY } } },
        })
        const { renderPage } = (await import(pathToFileURL(path.join(ssrDir, SSR_ENTRY)).href)) as { renderPage: RenderPage }
        const count = await writePages(outDir, renderPage)
        this.info?.(`rendered ${count} pages to HTML`)
      },
    },
  }
}

/** Workbox manifest transform: precaches each page's HTML under its own path (`/about`), revisioned by its content. */
export function htmlPagesManifest(outDir: string) {
  return async (entries: { url: string; revision: string | null; size: number }[]) => {
    const pages = htmlPagePaths.map((pagePath) => {
      const html = fs.readFileSync(path.join(outDir, HTML_PAGES_DIR, htmlPageFile(pagePath)))
      return { url: pagePath, revision: createHash('sha256').update(html).digest('hex').slice(0, 16), size: html.length }
    })
    return { manifest: [...entries, ...pages], warnings: [] }
  }
}
