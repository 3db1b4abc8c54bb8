// The control characters no text may hold (decision 033): C0 controls other than tab, line feed
// and carriage return (which textareas produce), and DEL. NUL cannot be stored by PostgreSQL
// (SQLite would keep it, so the two would disagree), and none of the others is typed on a
// keyboard; all of them are invisible. The server refuses them at its edge; a form drops them from
// what it queues, so a character pasted in unseen never gets a signup refused later.

// Half of a surrogate pair alone is no character at all (ill-formed UTF-16, only a broken client or
// a hand-written "\ud800" sends it): SQLite stored it as three replacement characters and PostgreSQL
// as one, so it is refused and dropped with the control characters.

// Invisible direction controls and zero-width characters go the same way: in a name or a review in the
// public directory they show as nothing, yet a right-to-left override (U+202E) makes "Litia" read
// backwards and the rest of the line with it (spoofing), and a zero-width space makes two names that
// look the same differ. Refused: the embeddings and overrides U+202A–U+202E, the isolates U+2066–U+2069,
// the marks U+200E, U+200F and U+061C, the zero-width space U+200B, the word joiner U+2060 and U+FEFF.
// The zero-width joiner and non-joiner (U+200D, U+200C) stay: emoji sequences (👩‍🌾) and Indic scripts
// need them.

const isControlCode = (code: number) => (code < 0x20 && code !== 0x09 && code !== 0x0a && code !== 0x0d) || code === 0x7f
const isInvisibleFormatCode = (code: number) =>
  (code >= 0x202a && code <= 0x202e) ||
  (code >= 0x2066 && code <= 0x2069) ||
  code === 0x200b ||
  code === 0x200e ||
  code === 0x200f ||
  code === 0x061c ||
  code === 0x2060 ||
  code === 0xfeff
const isHighSurrogate = (code: number) => code >= 0xd800 && code <= 0xdbff
const isLowSurrogate = (code: number) => code >= 0xdc00 && code <= 0xdfff

/** Whether the UTF-16 unit at `i` is a control character, a direction or zero-width character, or half of a surrogate pair alone. */
function isRefusedAt(text: string, i: number): boolean {
  const code = text.charCodeAt(i)
  if (isHighSurrogate(code)) return !isLowSurrogate(text.charCodeAt(i + 1))
  if (isLowSurrogate(code)) return !isHighSurrogate(text.charCodeAt(i - 1))
  return isControlCode(code) || isInvisibleFormatCode(code)
}

export function hasControlCharacter(text: string): boolean {
  for (let i = 0; i < text.length; i++) if (isRefusedAt(text, i)) return true
  return false
}

/** `text` without its control, direction and zero-width characters and lone surrogate halves (the same string when it has none). */
export function withoutControlCharacters(text: string): string {
  if (!hasControlCharacter(text)) return text
  let kept = ''
  for (let i = 0; i < text.length; i++) if (!isRefusedAt(text, i)) kept += text[i]
  return kept
}

/** A JSON.parse reviver or JSON.stringify replacer: every string value without its control characters. */
export const dropControlCharacters = (_key: string, value: unknown): unknown => (typeof value === 'string' ? withoutControlCharacters(value) : value)
