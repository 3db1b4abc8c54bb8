// Build step (issue 21): the app's JavaScript leaves the head. Vite writes the entry module and its
// modulepreload links into index.html's head, where a phone fetches them (high priority) before the
// page's HTML paints; this plugin moves their URLs onto the inline loader at the end of the body
// (api/contract/app-loader.ts), which adds them after the first paint. Runs on the built index.html,
// so every page rendered from it (scripts/prerender-pages.ts, the server's farmer and town pages)
// has the same shape. `initialJsFiles` reads it back for the size budget and the benches.
import type { Plugin } from 'vite'
import { APP_ENTRY_ATTRIBUTE, APP_LOADER_SCRIPT, APP_PRELOAD_ATTRIBUTE } from '../api/contract/app-loader.ts'

const MODULE_SCRIPT = /<script\b[^>]*\btype="module"[^>]*\bsrc="([^"]+)"[^>]*><\/script>\s*/g
const MODULE_PRELOAD = /<link\b[^>]*\brel="modulepreload"[^>]*\bhref="([^"]+)"[^>]*>\s*/g

const escapeAttribute = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;')

/** index.html with its module script and modulepreload links replaced by the loader. */
export function deferAppScripts(html: string): string {
  const entries = [...html.matchAll(MODULE_SCRIPT)].map((m) => m[1]!)
  if (entries.length !== 1) throw new Error(`index.html should have one module script, found ${entries.length}`)
  const preloads = [...html.matchAll(MODULE_PRELOAD)].map((m) => m[1]!)
  if (!html.includes('</body>')) throw new Error('index.html has no </body>')
  const loader = `<script ${APP_ENTRY_ATTRIBUTE}="${escapeAttribute(entries[0]!)}" ${APP_PRELOAD_ATTRIBUTE}="${escapeAttribute(preloads.join(' '))}">${APP_LOADER_SCRIPT}</script>`
  return html.replace(MODULE_SCRIPT, '').replace(MODULE_PRELOAD, '').replace('</body>', () => `  ${loader}\n  </body>`)
}

/** Vite plugin (build only: the dev server keeps its own scripts in the head). */
export function appLoader(): Plugin {
  return {
    name: 'viti:app-loader',
    apply: 'build',
    transformIndexHtml: { order: 'post', handler: deferAppScripts },
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
