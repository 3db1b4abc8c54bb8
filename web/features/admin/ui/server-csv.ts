// Server-made CSV downloads (farmers export, payment report): fetched with the session's token,
// then handed to the browser byte for byte (the UTF-8 mark Excel needs included) under the name
// the server chose. A file of the header line alone is not handed over: "No data to export."
import { apiFetch } from '../../../shared/api'
import { downloadBlob } from '../../../shared/csv'

/** Larger than any header line: a CSV this size or more holds rows, so it is never read whole. */
const HEADER_ONLY_MAX_BYTES = 64 * 1024

/** Whether the CSV holds its header line and no row (the server found nothing to list). */
export async function csvHoldsNoRows(csv: Blob): Promise<boolean> {
  if (csv.size >= HEADER_ONLY_MAX_BYTES) return false
  return (await csv.text()).split(/\r?\n/).filter((line) => line.trim() !== '').length <= 1
}

/** Downloads the server's CSV; answers the file's name, or undefined when it held no rows (nothing downloaded). */
export async function downloadServerCsv(url: string, fallbackName: string): Promise<string | undefined> {
  const res = await apiFetch(url)
  const name = /filename="([^"]+)"/.exec(res.headers.get('content-disposition') ?? '')?.[1] ?? fallbackName
  const csv = await res.blob()
  if (await csvHoldsNoRows(csv)) return undefined
  downloadBlob(name, csv)
  return name
}
