// Build step: a brotli (.br) and a gzip (.gz) copy beside each text file of the web build, made
// once at build end, so the server (api/web-app.ts) picks one by Accept-Encoding and never
// compresses at request time. A copy that would not be smaller is not written.
import fs from 'node:fs/promises'
import path from 'node:path'
import { promisify } from 'node:util'
import { brotliCompress, constants, gzip } from 'node:zlib'
import type { Plugin } from 'vite'

const brotli = promisify(brotliCompress)
const gzipAsync = promisify(gzip)

/** Text files worth compressing (images and fonts are compressed already). */
export const compressibleFile = /\.(?:js|mjs|css|html|svg|json|webmanifest|txt|xml)$/

/** The SSR bundle (scripts/prerender-pages.ts): the server loads it, never sends it. */
const neverSent = new Set(['.ssr'])

async function* filesUnder(dir: string): AsyncGenerator<string> {
  for (const entry of await fs.readdir(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name)
    if (entry.isDirectory() && neverSent.has(entry.name)) continue
    if (entry.isDirectory()) yield* filesUnder(full)
    else if (entry.isFile() && compressibleFile.test(entry.name)) yield full
  }
}

/** Writes `<file>.br` and `<file>.gz` for every compressible file under `dir`; returns how many files it compressed. */
export async function precompressDir(dir: string): Promise<number> {
  let count = 0
  for await (const file of filesUnder(dir)) {
    const original = await fs.readFile(file)
    const variants = [
      ['.br', await brotli(original, { params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY, [constants.BROTLI_PARAM_SIZE_HINT]: original.length } })],
      ['.gz', await gzipAsync(original, { level: constants.Z_BEST_COMPRESSION })],
    ] as const
    for (const [suffix, bytes] of variants) {
      if (bytes.length < original.length) await fs.writeFile(file + suffix, bytes)
      else await fs.rm(file + suffix, { force: true })
    }
    count++
  }
  return count
}

/**
 * Vite plugin: precompresses the build's output directory after every other plugin has written
 * its files (vite-plugin-pwa writes sw.js in its own closeBundle; this runs after it).
 */
export function precompress(): Plugin {
  let outDir = ''
  return {
    name: 'viti:precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir)
    },
    closeBundle: {
      order: 'post',
      sequential: true,
      async handler() {
        const count = await precompressDir(outDir)
        this.info?.(`precompressed ${count} files (brotli and gzip)`)
      },
    },
  }
}
