// P1 of `npm run bench`: the home page's initial JavaScript over the wire, as the server really
// serves it. The app (with the last `vite build`, WEB_DIR or dist/) runs on loopback; the home
// page and each script it loads at once (the module entry and its modulepreloads) are requested
// the way Chromium asks (Accept-Encoding: br, gzip, deflate) and the body bytes counted as they
// arrive, before any decompression, so a precompressed or compressing server shows in the figure.
import fs from 'node:fs'
import http from 'node:http'
import path from 'node:path'
import zlib from 'node:zlib'
import { startTestApp } from '../../api/testing/test-app'
import { initialJsFiles } from '../app-loader'

export const HOME_JS_BUDGET_BYTES = 150 * 1024
const ACCEPT_ENCODING = 'br, gzip, deflate'

interface Served {
  status: number
  encoding: string
  wireBytes: number
  body: Buffer
}

function get(baseUrl: string, urlPath: string): Promise<Served> {
  return new Promise((resolve, reject) => {
    const req = http.get(`${baseUrl}${urlPath}`, { headers: { 'accept-encoding': ACCEPT_ENCODING } }, (res) => {
      const chunks: Buffer[] = []
      res.on('data', (chunk: Buffer) => chunks.push(chunk))
      res.on('end', () => {
        const body = Buffer.concat(chunks)
        resolve({ status: res.statusCode ?? 0, encoding: String(res.headers['content-encoding'] ?? 'identity'), wireBytes: body.length, body })
      })
      res.on('error', reject)
    })
    req.on('error', reject)
  })
}

export interface HomeJs {
  files: { file: string; encoding: string; wireBytes: number; rawBytes: number }[]
  wireTotal: number
  rawTotal: number
  /** What another language adds before the home's first render: its catalog's first part (issue 20). */
  languages: { locale: string; file: string; wireBytes: number }[]
}

export async function benchHomeJs(webDir = process.env.WEB_DIR ?? 'dist'): Promise<HomeJs> {
  if (!fs.existsSync(path.join(webDir, 'index.html'))) throw new Error(`no ${webDir}/index.html: run \`npm run build\` first`)
  const app = await startTestApp({ webDir: path.resolve(webDir) })
  try {
    const home = await get(app.baseUrl, '/')
    if (home.status !== 200) throw new Error(`/ answered ${home.status}`)
    // The HTML is read as served: decompress only to find the scripts it names.
    const decode = { br: zlib.brotliDecompressSync, gzip: zlib.gunzipSync, deflate: zlib.inflateSync }[home.encoding] ?? ((bytes: Buffer) => bytes)
    const text = decode(home.body).toString('utf8')
    const scripts = initialJsFiles(text)
    const files = []
    for (const file of scripts) {
      const served = await get(app.baseUrl, file)
      if (served.status !== 200) throw new Error(`${file} answered ${served.status}`)
      files.push({ file, encoding: served.encoding, wireBytes: served.wireBytes, rawBytes: fs.statSync(path.join(webDir, file)).size })
    }
    const languages = []
    for (const locale of ['fj', 'hif']) {
      const chunk = fs.readdirSync(path.join(webDir, 'assets')).find((name) => name.startsWith(`${locale}-first-`) && name.endsWith('.js'))
      if (!chunk) continue
      const served = await get(app.baseUrl, `/assets/${chunk}`)
      if (served.status !== 200) throw new Error(`${chunk} answered ${served.status}`)
      languages.push({ locale, file: `/assets/${chunk}`, wireBytes: served.wireBytes })
    }
    return { files, wireTotal: files.reduce((sum, f) => sum + f.wireBytes, 0), rawTotal: files.reduce((sum, f) => sum + f.rawBytes, 0), languages }
  } finally {
    await app.close()
  }
}

export async function printHomeJs(): Promise<void> {
  const home = await benchHomeJs()
  const kb = (bytes: number) => `${(bytes / 1024).toFixed(2)} KB`
  console.log(`\nP1 home initial JS over the wire, as served (Accept-Encoding: ${ACCEPT_ENCODING}):`)
  for (const f of home.files) console.log(`  ${f.file.padEnd(48)} ${kb(f.wireBytes).padStart(10)} ${f.encoding.padEnd(8)} (${kb(f.rawBytes)} uncompressed)`)
  console.log(`  total ${kb(home.wireTotal)} on the wire, ${kb(home.rawTotal)} uncompressed (wire/raw ${(home.wireTotal / home.rawTotal).toFixed(2)});` +
    ` budget ${kb(HOME_JS_BUDGET_BYTES)}: ${(home.wireTotal / HOME_JS_BUDGET_BYTES).toFixed(2)}× of it`)
  for (const l of home.languages) console.log(`  in ${l.locale}: + ${l.file} ${kb(l.wireBytes)} = ${kb(home.wireTotal + l.wireBytes)} (another language may add 10 KB)`)
}
