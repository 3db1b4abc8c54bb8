// Build step (issue 19): the API server as one plain-JavaScript module, `.server/server.mjs`, which
// `npm start` and the container run with plain node. Under tsx the server carried tsx's loader
// thread, its compiler and a transformed copy of every module: ~40 MB of RSS for as long as it ran
// (a warm server at 1,000 farmers: 236 MB under tsx, 198 MB bundled; decision 030).
//
// Packages stay outside the bundle (node loads them from node_modules as before). Files the server
// finds beside its own code (its worker threads' scripts, the export thread's source, the web
// catalogs, dist/) are found from where each module's source is: `import.meta.url` and
// `import.meta.dirname` become that source file's location relative to the bundle, so the bundle
// works wherever the repository (or the container's copy of it) is, as long as the two keep their
// places. Written to a temporary file and renamed, so a server starting beside a build never reads
// half a file.
import fs from 'node:fs'
import path from 'node:path'
import { build, type Plugin as EsbuildPlugin } from 'esbuild'
import type { Plugin } from 'vite'

const REPO_ROOT = path.resolve(import.meta.dirname, '..')
export const SERVER_ENTRY = path.join(REPO_ROOT, 'api', 'server.ts')
/** Where `npm start` and the Dockerfile run the server from. */
export const SERVER_BUNDLE = path.join(REPO_ROOT, '.server', 'server.mjs')

const loaders = { '.ts': 'ts', '.tsx': 'tsx', '.mts': 'ts', '.js': 'js', '.mjs': 'js' } as const

/** `import.meta.url` / `import.meta.dirname` of each of our modules, as its source file's place seen from the bundle. */
function sourceLocations(outfile: string): EsbuildPlugin {
  const bundleDir = path.dirname(outfile)
  return {
    name: 'viti:source-locations',
    setup(builder) {
      builder.onLoad({ filter: /\.(ts|tsx|mts|js|mjs)$/ }, async (args) => {
        if (args.path.includes(`${path.sep}node_modules${path.sep}`)) return undefined
        const source = await fs.promises.readFile(args.path, 'utf8')
        if (!source.includes('import.meta.url') && !source.includes('import.meta.dirname')) return undefined
        const relative = path.relative(bundleDir, args.path).split(path.sep).join('/')
        const url = `new URL(${JSON.stringify(relative)}, import.meta.url).href`
        const contents = source
          .replaceAll('import.meta.url', `(${url})`)
          .replaceAll('import.meta.dirname', `__viti_dirname(${url})`)
        return { contents, loader: loaders[path.extname(args.path) as keyof typeof loaders] }
      })
    },
  }
}

/** Bundles api/server.ts into `outfile` (default `.server/server.mjs`); answers the files it holds. */
export async function buildServer(outfile = SERVER_BUNDLE): Promise<{ outfile: string; inputs: number }> {
  const result = await build({
    entryPoints: [SERVER_ENTRY],
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    write: false,
    metafile: true,
    logLevel: 'warning',
    outfile,
    // Read only with NODE_OPTIONS=--enable-source-maps (README): stack traces in the sources' lines.
    sourcemap: 'linked',
    banner: {
      js: "import { dirname as __viti_dirname_of } from 'node:path'; import { fileURLToPath as __viti_path_of } from 'node:url'; const __viti_dirname = (url) => __viti_dirname_of(__viti_path_of(url));",
    },
    plugins: [sourceLocations(outfile)],
  })
  if (!result.outputFiles.some((file) => file.path === outfile)) throw new Error('esbuild wrote no server bundle')
  fs.mkdirSync(path.dirname(outfile), { recursive: true })
  // The map first, the bundle last: a server that finds the new bundle finds its map too.
  const ordered = [...result.outputFiles.filter((file) => file.path !== outfile), ...result.outputFiles.filter((file) => file.path === outfile)]
  for (const file of ordered) {
    const partial = `${file.path}.${process.pid}.tmp`
    fs.writeFileSync(partial, file.contents)
    fs.renameSync(partial, file.path)
  }
  return { outfile, inputs: Object.keys(result.metafile.inputs).length }
}

/** `vite build` writes the server bundle too, once the browser build is done. */
export function serverBundle(): Plugin {
  return {
    name: 'viti:server-bundle',
    apply: 'build',
    closeBundle: {
      sequential: true,
      async handler() {
        const { outfile, inputs } = await buildServer()
        this.info?.(`bundled the server (${inputs} files) into ${path.relative(REPO_ROOT, outfile)}`)
      },
    },
  }
}
