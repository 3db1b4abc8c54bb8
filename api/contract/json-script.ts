// Data a page's HTML carries for the app's first render (the towns, a farmer, API answers: issue 21,
// decision 029): one `<script type="application/json">` each, written by the server's render and read
// back by the browser. No imports: both the home page's entry and the server use it.

/** `value` as a script element: JSON with `<` escaped, so no value can close the script. */
export function jsonScript(id: string, value: unknown): string {
  return `<script type="application/json" id="${id}">${JSON.stringify(value).replace(/</g, '\\u003c')}</script>`
}

/** What the page's script `id` carries, or undefined (no script, not JSON); its shape is the caller's to check. */
export function readJsonScript(doc: Document | undefined, id: string): unknown {
  const text = doc?.getElementById(id)?.textContent
  if (!text) return undefined
  try {
    return JSON.parse(text) as unknown
  } catch {
    return undefined
  }
}
