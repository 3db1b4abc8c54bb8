// A GET read as bytes on the wire: node's fetch decodes br and gzip by itself, hiding what was sent.
import http from 'node:http'

export interface RawAnswer {
  status: number
  headers: http.IncomingHttpHeaders
  body: Buffer
}

export function rawGet(url: string, encoding: string, headers: Record<string, string> = {}): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers: { 'accept-encoding': encoding, ...headers } }, (res) => {
        const chunks: Buffer[] = []
        res.on('data', (chunk: Buffer) => chunks.push(chunk))
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }))
      })
      .on('error', reject)
  })
}
