import { describe, expect, it } from 'vitest'
import { APP_LOADER_SCRIPT } from '../api/contract/app-loader'
import { deferAppScripts, initialJsFiles, startUpChunks } from './app-loader'

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

  it('preloads the chunks the entry imports as it starts, once each, and counts them as initial JavaScript', () => {
    const html = deferAppScripts(built, ['/assets/client-jkl.js', '/assets/runtime-def.js', '/assets/index-abc.js'])
    expect(html).toContain('data-preload="/assets/runtime-def.js /assets/button-ghi.js /assets/client-jkl.js"')
    expect(initialJsFiles(html)).toEqual(['/assets/index-abc.js', '/assets/runtime-def.js', '/assets/button-ghi.js', '/assets/client-jkl.js'])
  })

  it("finds a start-up module's chunk and the chunks it imports, and fails the build for a module no chunk starts at", () => {
    const chunk = (fileName: string, facadeModuleId: string | null, imports: string[] = []) => ({ type: 'chunk', fileName, facadeModuleId, imports })
    const bundle = {
      'assets/index-abc.js': chunk('assets/index-abc.js', '/app/web/main.tsx', ['assets/react-r.js']),
      'assets/client-jkl.js': chunk('assets/client-jkl.js', '/app/node_modules/react-dom/client.js', ['assets/react-r.js', 'assets/scheduler-s.js']),
      'assets/react-r.js': chunk('assets/react-r.js', null),
      'assets/scheduler-s.js': chunk('assets/scheduler-s.js', null, ['assets/react-r.js']),
      'assets/about-x.js': chunk('assets/about-x.js', '/app/web/about.tsx', ['assets/react-r.js']),
      'assets/index.css': { type: 'asset', fileName: 'assets/index.css' },
    } as unknown as Parameters<typeof startUpChunks>[0]
    expect(startUpChunks(bundle, ['/app/node_modules/react-dom/client.js'])).toEqual(['/assets/client-jkl.js', '/assets/react-r.js', '/assets/scheduler-s.js'])
    expect(() => startUpChunks(bundle, ['/app/web/nowhere.ts'])).toThrow('no chunk starts at /app/web/nowhere.ts')
  })

  it('finds no JavaScript in a page that names none', () => {
    expect(initialJsFiles('<!doctype html><div id="root"></div>')).toEqual([])
  })

  it('fails the build when index.html has no module script, or two', () => {
    expect(() => deferAppScripts(built.replace(/<script type="module"[^>]*><\/script>/, ''))).toThrow('one module script, found 0')
    expect(() => deferAppScripts(built.replace('</head>', '<script type="module" src="/x.js"></script></head>'))).toThrow('found 2')
  })
})
