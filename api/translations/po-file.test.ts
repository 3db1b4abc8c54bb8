// The PO file reads back what it writes, and what translators' tools (Poedit) write back: wrapped
// strings, CRLF, a BOM, flags beside fuzzy, obsolete entries, escapes.
import { describe, expect, it } from 'vitest'
import { parsePo, PoSyntaxError, writePo } from './po-file'

const entries = [
  { key: 'app.quote', english: 'Say "hi"\\now', translation: 'Kaya "bula"\nmai', note: 'Somewhere', isFuzzy: true },
  { key: 'app.plain', english: 'Plain', translation: 'Vakaikai', note: 'Line one\nLine two', isFuzzy: false },
]

describe('PO files', () => {
  it('read back exactly what they wrote, Language header included', () => {
    const po = writePo({ locale: 'fj', languageName: 'Vosa Vakaviti', exportedAt: new Date('2026-01-02T03:04:05Z'), entries })
    const parsed = parsePo(po)
    expect(parsed.headers.language).toBe('fj')
    expect(parsed.entries.map(({ key, english, translation, isFuzzy }) => ({ key, english, translation, isFuzzy }))).toEqual(
      entries.map(({ key, english, translation, isFuzzy }) => ({ key, english, translation, isFuzzy })),
    )
  })

  it('read what Poedit writes back: BOM, CRLF, wrapped strings, more flags, obsolete entries', () => {
    const po = [
      '\uFEFFmsgid ""',
      'msgstr ""',
      '"Language: hif\\n"',
      '"Plural-Forms: nplurals=2; plural=(n != 1);\\n"',
      '',
      '#. Where',
      '#, fuzzy, no-c-format',
      'msgctxt "app.one"',
      'msgid "One"',
      'msgstr ""',
      '"Ek "',
      '"ठो"',
      '#, no-c-format',
      'msgctxt "app.two"',
      'msgid "Two"',
      'msgstr "Do"',
      '',
      '#~ msgctxt "app.gone"',
      '#~ msgid "Gone"',
      '#~ msgstr "Gaya"',
    ].join('\r\n')
    const parsed = parsePo(po)
    expect(parsed.headers.language).toBe('hif')
    expect(parsed.entries.map((e) => [e.key, e.translation, e.isFuzzy])).toEqual([
      ['app.one', 'Ek ठो', true],
      ['app.two', 'Do', false],
    ])
  })

  it.each([
    ['a stray line', 'msgid ""\nmsgstr ""\nhello\n', 3],
    ['an unknown escape', 'msgctxt "a.b"\nmsgid "x"\nmsgstr "\\q"\n', 3],
    ['an unterminated string', 'msgctxt "a.b"\nmsgid "x\nmsgstr "y"\n', 2],
    ['an entry without msgstr', 'msgctxt "a.b"\nmsgid "x"\n\n', 1],
  ])('refuse %s, naming the line', (_what, text, line) => {
    expect(() => parsePo(text)).toThrow(PoSyntaxError)
    try {
      parsePo(text)
    } catch (error) {
      expect((error as PoSyntaxError).line).toBe(line)
    }
  })
})
