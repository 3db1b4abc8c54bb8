// The translator's file: gettext PO, which Poedit, Lokalize, Virtaal and Weblate open. One entry per
// string: msgctxt is the key, msgid the English, msgstr the translation, the catalog's note an
// extracted comment (#.), and a machine-drafted string is flagged fuzzy — the flag translators'
// tools already show as "needs review" and clear when a person confirms it.
// Only the subset this product writes is read back (no gettext plurals: messages use ICU plurals).

export interface PoEntry {
  key: string
  english: string
  translation: string
  note: string
  isFuzzy: boolean
}

export interface ParsedPoEntry {
  /** Where the entry starts (1-based), for error messages. */
  line: number
  key: string | null
  english: string
  translation: string
  isFuzzy: boolean
}

export interface ParsedPo {
  headers: Record<string, string>
  entries: ParsedPoEntry[]
}

export class PoSyntaxError extends Error {
  constructor(
    readonly line: number,
    message: string,
  ) {
    super(`line ${line}: ${message}`)
  }
}

const ESCAPES: Record<string, string> = { n: '\n', t: '\t', r: '\r', '"': '"', '\\': '\\' }
const UNESCAPES: Record<string, string> = Object.fromEntries(Object.entries(ESCAPES).map(([k, v]) => [v, `\\${k}`]))

function quote(text: string): string {
  return `"${text.replace(/[\\"\n\t\r]/g, (c) => UNESCAPES[c]!)}"`
}

export function writePo(options: { locale: string; languageName: string; exportedAt: Date; entries: readonly PoEntry[] }): string {
  const header = [
    `# Viti Farmers — ${options.languageName} (${options.locale}).`,
    '# msgctxt is the string\'s key: leave it as it is. Keep every {placeholder} and the ICU',
    '# plural/select words ({count, plural, one {…} other {…}}) exactly as in English; translate the text.',
    '# A "fuzzy" (needs review) string is machine-drafted: clear the flag once a person has checked it.',
    'msgid ""',
    'msgstr ""',
    quote('MIME-Version: 1.0\n'),
    quote('Content-Type: text/plain; charset=UTF-8\n'),
    quote('Content-Transfer-Encoding: 8bit\n'),
    quote(`Language: ${options.locale}\n`),
    quote(`X-Generator: Viti Farmers ${options.exportedAt.toISOString()}\n`),
  ]
  const blocks = options.entries.map((e) => {
    const lines = e.note.split('\n').map((n) => `#. ${n}`)
    if (e.isFuzzy) lines.push('#, fuzzy')
    lines.push(`msgctxt ${quote(e.key)}`, `msgid ${quote(e.english)}`, `msgstr ${quote(e.translation)}`)
    return lines.join('\n')
  })
  return `${[header.join('\n'), ...blocks].join('\n\n')}\n`
}

function unquote(text: string, line: number): string {
  const match = /^"((?:[^"\\]|\\.)*)"$/.exec(text.trim())
  if (!match) throw new PoSyntaxError(line, 'expected a quoted string')
  return match[1]!.replace(/\\(.)/g, (_, c: string) => {
    const value = ESCAPES[c]
    if (value === undefined) throw new PoSyntaxError(line, `unknown escape \\${c}`)
    return value
  })
}

type Field = 'msgctxt' | 'msgid' | 'msgstr'

/** Reads a PO file as translators' tools write it back; throws PoSyntaxError at the first broken line. */
export function parsePo(text: string): ParsedPo {
  const lines = text.replace(/^\uFEFF/, '').split(/\r?\n/)
  const entries: ParsedPoEntry[] = []
  let headers: Record<string, string> = {}
  let current: { line: number; fields: Partial<Record<Field, string>>; isFuzzy: boolean; isObsolete: boolean } | null = null
  let field: Field | null = null

  const finish = () => {
    if (!current) return
    const { fields } = current
    if (!current.isObsolete) {
      if (fields.msgid === undefined || fields.msgstr === undefined) throw new PoSyntaxError(current.line, 'an entry needs msgid and msgstr')
      if (fields.msgid === '' && fields.msgctxt === undefined) headers = readHeaders(fields.msgstr)
      else entries.push({ line: current.line, key: fields.msgctxt ?? null, english: fields.msgid, translation: fields.msgstr, isFuzzy: current.isFuzzy })
    }
    current = null
    field = null
  }
  const entryAt = (line: number) => (current ??= { line, fields: {}, isFuzzy: false, isObsolete: false })

  lines.forEach((raw, index) => {
    const line = index + 1
    const text = raw.trim()
    if (text === '') return finish()
    if (text.startsWith('#~')) {
      entryAt(line).isObsolete = true
      return
    }
    if (text.startsWith('#')) {
      // A comment after a message's strings starts the next entry.
      if (current && current.fields.msgstr !== undefined) finish()
      const entry = entryAt(line)
      if (text.startsWith('#,')) entry.isFuzzy ||= text.slice(2).split(',').some((flag) => flag.trim() === 'fuzzy')
      return
    }
    const keyword = /^(msgctxt|msgid_plural|msgid|msgstr\[\d+\]|msgstr)\s+(.*)$/.exec(text)
    if (keyword) {
      const [, name, rest] = keyword as unknown as [string, string, string]
      if (name === 'msgid_plural' || name.startsWith('msgstr[')) throw new PoSyntaxError(line, 'gettext plurals are not used: write the plural in ICU form inside one msgstr')
      if ((name === 'msgctxt' || name === 'msgid') && current?.fields.msgstr !== undefined) finish()
      const entry = entryAt(line)
      field = name as Field
      if (entry.fields[field] !== undefined) throw new PoSyntaxError(line, `${field} given twice in one entry`)
      entry.fields[field] = unquote(rest, line)
      return
    }
    if (text.startsWith('"')) {
      if (!current || !field) throw new PoSyntaxError(line, 'a continued string outside an entry')
      current.fields[field] += unquote(text, line)
      return
    }
    throw new PoSyntaxError(line, 'not a PO line')
  })
  finish()
  return { headers, entries }
}

function readHeaders(text: string): Record<string, string> {
  const headers: Record<string, string> = {}
  for (const line of text.split('\n')) {
    const colon = line.indexOf(':')
    if (colon > 0) headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim()
  }
  return headers
}
