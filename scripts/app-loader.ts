// Build step (issue 21): the app's JavaScript leaves the head. Vite writes the entry module and its
// modulepreload links into index.html's head, where a phone fetches them (high priority) before the
// page's HTML paints; this plugin moves their URLs onto the inline loader at the end of the body
// (api/contract/app-loader.ts), which adds them after the first paint. Runs on the built index.html,
// so every page rendered from it (scripts/prerender-pages.ts, the server's farmer and town pages)
// has the same shape. `initialJsFiles` reads it back for the size budget and the benches.
import path from 'node:path'
import type { IndexHtmlTransformContext, Plugin } from 'vite'
import { APP_ENTRY_ATTRIBUTE, APP_LOADER_SCRIPT, APP_PRELOAD_ATTRIBUTE } from '../api/contract/app-loader.ts'

const MODULE_SCRIPT = /<script\b[^>]*\btype="module"[^>]*\bsrc="([^"]+)"[^>]*><\/script>\s*/g
const MODULE_PRELOAD = /<link\b[^>]*\brel="modulepreload"[^>]*\bhref="([^"]+)"[^>]*>\s*/g

const escapeAttribute = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;')

/** index.html with its module script and modulepreload links replaced by the loader, which also
 * preloads `alsoPreload` (the chunks the entry imports dynamically as it starts). */
export function deferAppScripts(html: string, alsoPreload: readonly string[] = []): string {
  const entries = [...html.matchAll(MODULE_SCRIPT)].map((m) => m[1]!)
  if (entries.length !== 1) throw new Error(`index.html should have one module script, found ${entries.length}`)
  const preloads = [...new Set([...[...html.matchAll(MODULE_PRELOAD)].map((m) => m[1]!), ...alsoPreload])].filter((file) => file !== entries[0])
  if (!html.includes('</body>')) throw new Error('index.html has no </body>')
  const loader = `<script ${APP_ENTRY_ATTRIBUTE}="${escapeAttribute(entries[0]!)}" ${APP_PRELOAD_ATTRIBUTE}="${escapeAttribute(preloads.join(' '))}">${APP_LOADER_SCRIPT}</script>`
  return html.replace(MODULE_SCRIPT, '').replace(MODULE_PRELOAD, '').replace('</body>', () => `  ${loader}\n  </body>`)
}

type Bundle = NonNullable<IndexHtmlTransformContext['bundle']>

/**
 * The files of the chunks whose modules are `modules` (absolute paths), with every chunk they
 * import statically: what the entry imports dynamically as it starts (web/main.tsx imports the
 * app's tree a task later, so it is evaluated in a task of its own). The loader preloads them with
 * the entry, so none is fetched only once the entry has run. A module no chunk holds fails the build.
 */
export function startUpChunks(bundle: Bundle, modules: readonly string[], base = '/'): string[] {
  const chunks = Object.values(bundle).filter((file) => file.type === 'chunk')
  const files = new Set<string>()
  const add = (fileName: string) => {
    if (files.has(fileName)) return
    files.add(fileName)
    const chunk = chunks.find((c) => c.fileName === fileName)
    for (const imported of chunk?.imports ?? []) add(imported)
  }
  for (const module of modules) {
    const chunk = chunks.find((c) => c.facadeModuleId !== null && path.resolve(c.facadeModuleId) === path.resolve(module))
    if (!chunk) throw new Error(`app loader: no chunk starts at ${module} (is it imported dynamically?)`)
    add(chunk.fileName)
  }
  return [...files].map((file) => `${base}${file}`)
}

/** Vite plugin (build only: the dev server keeps its own scripts in the head). `startUp`: the
 * modules the entry imports dynamically as it starts (absolute paths). */
export function appLoader({ startUp = [] }: { startUp?: readonly string[] } = {}): Plugin {
  return {
    name: 'viti:app-loader',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler: (html, { bundle }) => deferAppScripts(html, bundle ? startUpChunks(bundle, startUp) : []),
    },
  }
}

const attribute = (tag: string, name: string) => new RegExp(`\\b${name}="([^"]*)"`).exec(tag)?.[1]

/**
 * The JavaScript a page loads before its app runs: the loader's entry and preloads, and any module
 * script or modulepreload still in the page. Empty when the page names none (the caller decides
 * whether that is a failure).
 */
export function initialJsFiles(html: string): string[] {
  const files: string[] = []
  for (const [tag] of html.matchAll(new RegExp(`<script\\b[^>]*\\b${APP_ENTRY_ATTRIBUTE}="[^"]*"[^>]*>`, 'g'))) {
    files.push(attribute(tag, APP_ENTRY_ATTRIBUTE)!, ...(attribute(tag, APP_PRELOAD_ATTRIBUTE) ?? '').split(' '))
  }
  files.push(...[...html.matchAll(MODULE_SCRIPT)].map((m) => m[1]!), ...[...html.matchAll(MODULE_PRELOAD)].map((m) => m[1]!))
  return [...new Set(files.filter((file) => file.endsWith('.js')).map((file) => file.replace(/&amp;/g, '&')))]
}
