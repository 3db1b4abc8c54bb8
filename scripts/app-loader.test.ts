import { describe, expect, it } from 'vitest'
import { APP_LOADER_SCRIPT } from '../api/contract/app-loader'
import { deferAppScripts, initialJsFiles } from './app-loader'

// index.html as Vite writes it: the entry module and its preloads in the head.
const built = `<!doctype html>
<html lang="en">
  <head>
    <title>Viti Farmers</title>
    <script type="module" crossorigin src="/assets/index-abc.js"></script>
    <link rel="modulepreload" crossorigin href="/assets/runtime-def.js">
    <link rel="modulepreload" crossorigin href="/assets/button-ghi.js">
    <link rel="stylesheet" href="/assets/index.css">
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>`

describe('the app loader (build step)', () => {
  it('moves the entry module and its preloads out of the head onto the loader at the end of the body', () => {
    const html = deferAppScripts(built)
    const head = html.slice(0, html.indexOf('</head>'))
    expect(head).not.toContain('/assets/index-abc.js')
    expect(head).not.toContain('modulepreload')
    expect(head).toContain('<link rel="stylesheet" href="/assets/index.css">')
    expect(html).toMatch(
      new RegExp(`<div id="root"></div>\\s*<script data-entry="/assets/index-abc.js" data-preload="/assets/runtime-def.js /assets/button-ghi.js">${APP_LOADER_SCRIPT.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}</script>\\s*</body>`),
    )
  })

  it('reads back the same JavaScript the page loads at once, before and after the move', () => {
    const files = ['/assets/index-abc.js', '/assets/runtime-def.js', '/assets/button-ghi.js']
    expect(initialJsFiles(built)).toEqual(files)
    expect(initialJsFiles(deferAppScripts(built))).toEqual(files)
  })

  it('finds no JavaScript in a page that names none', () => {
    expect(initialJsFiles('<!doctype html><div id="root"></div>')).toEqual([])
  })

  it('fails the build when index.html has no module script, or two', () => {
    expect(() => deferAppScripts(built.replace(/<script type="module"[^>]*><\/script>/, ''))).toThrow('one module script, found 0')
    expect(() => deferAppScripts(built.replace('</head>', '<script type="module" src="/x.js"></script></head>'))).toThrow('found 2')
  })
})
