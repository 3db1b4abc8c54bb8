// Server-made CSV downloads (farmers export, payment report): fetched with the session's token,
// then handed to the browser byte for byte (the UTF-8 mark Excel needs included) under the name
// the server chose.
import { apiFetch } from '../../../shared/api'
import { downloadBlob } from '../../../shared/csv'

export async function downloadServerCsv(url: string, fallbackName: string): Promise<string> {
  const res = await apiFetch(url)
  const name = /filename="([^"]+)"/.exec(res.headers.get('content-disposition') ?? '')?.[1] ?? fallbackName
  downloadBlob(name, await res.blob())
  return name
}
