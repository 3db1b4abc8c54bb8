// The export thread's code (export-jobs.ts and what it imports) as one plain-JavaScript module,
// bundled by esbuild the first time the thread starts (~0.1 s, once per process) and handed to the
// Worker as a data: URL, so nothing is written to disk. A worker thread inherits neither tsx's nor
// vitest's TypeScript loading; registering tsx inside it instead cost ~70 MB of RSS (its compiler and
// caches), the bundle ~12 MB. better-sqlite3 stays outside the bundle (a native addon), imported by
// its absolute file URL, which a data: module can resolve.
import { createRequire } from 'node:module'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { build, type Plugin } from 'esbuild'

const ENTRY = fileURLToPath(new URL('./export-jobs.ts', import.meta.url))
const require = createRequire(import.meta.url)

const nativeAddonsInPlace: Plugin = {
  name: 'native-addons-in-place',
  setup(builder) {
    builder.onResolve({ filter: /^better-sqlite3$/ }, () => ({ path: pathToFileURL(require.resolve('better-sqlite3')).href, external: true }))
  },
}

/** The bundle's text (what export-jobs.ts runs, with no TypeScript) and the files it holds. */
export async function bundleExportWorker(): Promise<{ code: string; inputs: string[] }> {
  const result = await build({
    entryPoints: [ENTRY],
    bundle: true,
    minify: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    write: false,
    metafile: true,
    logLevel: 'silent',
    plugins: [nativeAddonsInPlace],
  })
  return { code: result.outputFiles[0]!.text, inputs: Object.keys(result.metafile.inputs) }
}

let made: Promise<URL> | undefined

/** The bundle as a data: URL for `new Worker`, made once; a failed bundling is tried again next time. */
export function exportWorkerUrl(): Promise<URL> {
  made ??= bundleExportWorker().then(
    ({ code }) => new URL(`data:text/javascript,${encodeURIComponent(code)}`),
    (error: unknown) => {
      made = undefined
      throw error
    },
  )
  return made
}
