// The control characters no text may hold (decision 033): C0 controls other than tab, line feed
// and carriage return (which textareas produce), and DEL. NUL cannot be stored by PostgreSQL
// (SQLite would keep it, so the two would disagree), and none of the others is typed on a
// keyboard; all of them are invisible. The server refuses them at its edge; a form drops them from
// what it queues, so a character pasted in unseen never gets a signup refused later.

const isControlCode = (code: number) => (code < 0x20 && code !== 0x09 && code !== 0x0a && code !== 0x0d) || code === 0x7f

export function hasControlCharacter(text: string): boolean {
  for (let i = 0; i < text.length; i++) if (isControlCode(text.charCodeAt(i))) return true
  return false
}

/** `text` without its control characters (the same string when it has none). */
export function withoutControlCharacters(text: string): string {
  if (!hasControlCharacter(text)) return text
  let kept = ''
  for (let i = 0; i < text.length; i++) if (!isControlCode(text.charCodeAt(i))) kept += text[i]
  return kept
}

/** A JSON.parse reviver: every string value without its control characters. */
export const dropControlCharacters = (_key: string, value: unknown): unknown => (typeof value === 'string' ? withoutControlCharacters(value) : value)
