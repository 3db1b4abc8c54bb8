// Validation and error texts in the reader's language. api/contract/messages.ts stays their one English
// source (the forms' zod schemas and the server's answers speak it, and the API keeps speaking English);
// the English catalog's "validation" area holds the same texts under keys (a test keeps the two equal),
// so an English text is found here and shown translated, whether the form or the server said it. The
// outbox engine's texts (sync/outbox/texts.ts, kept in English on each item) are found the same way
// under `outbox.engine.*`.
// Parameterised texts ("Suva, Nadi are not on the locations list…") are matched by a pattern built from
// the English message, their values read back out. A text this build does not know is shown as is.
import type { CompiledMessage } from '@lingui/message-utils/compileMessage'
// The validation area is not a first-paint area: it travels in English's second part, which every form's screen loads anyway.
import en from 'virtual:i18n-catalog/en-rest'
import { t, useT } from './runtime'

/** Where English texts said by code live: the contract's messages, the outbox engine's (sync/outbox/texts.ts) and the outbox import's (web/shared/outbox/backup.ts). */
const AREAS = ['validation.', 'outbox.engine.', 'outbox.backupError.']

type Values = Record<string, string | number>
type Pattern = { key: string; regex: RegExp; read: (match: RegExpExecArray) => Values }

/** One capture of a pattern: a placeholder's text, a plural's number (#), or which plural branch matched. */
type Capture = { kind: 'text' | 'number'; name: string } | { kind: 'branch'; name: string; branch: string }

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')

/** The regex source of a compiled message, pushing what each capturing group holds onto `captures`. */
function sourceOf(parts: CompiledMessage, captures: Capture[], pluralName?: string): string {
  let source = ''
  for (const part of parts) {
    if (typeof part === 'string') {
      source += part === '#' && pluralName ? '(\\d+)' : escape(part)
      if (part === '#' && pluralName) captures.push({ kind: 'number', name: pluralName })
      continue
    }
    const [name, , branches] = part as [string, string?, Record<string, CompiledMessage>?]
    if (!branches) {
      captures.push({ kind: 'text', name })
      source += '(.+?)'
      continue
    }
    const alternatives = Object.entries(branches)
      .filter(([branch]) => branch !== 'offset')
      .map(([branch, body]) => {
      captures.push({ kind: 'branch', name, branch })
      return `(${sourceOf(body, captures, name)})`
    })
    source += `(?:${alternatives.join('|')})`
  }
  return source
}

function patternOf(key: string, compiled: CompiledMessage): Pattern {
  const captures: Capture[] = []
  const regex = new RegExp(`^${sourceOf(compiled, captures)}$`)
  const read = (match: RegExpExecArray): Values => {
    const values: Values = {}
    captures.forEach((capture, i) => {
      const text = match[i + 1]
      if (text === undefined || capture.kind === 'branch') return
      values[capture.name] = capture.kind === 'number' ? Number(text) : text
    })
    // A plural branch without # ("is" / "are") still tells its count: enough to choose the same branch.
    captures.forEach((capture, i) => {
      if (capture.kind !== 'branch' || match[i + 1] === undefined || capture.name in values) return
      values[capture.name] = capture.branch.startsWith('=') ? Number(capture.branch.slice(1)) : capture.branch === 'one' ? 1 : 2
    })
    return values
  }
  return { key, regex, read }
}

const exact = new Map<string, string>()
const patterns: Pattern[] = []
for (const [key, compiled] of Object.entries(en)) {
  if (!AREAS.some((area) => key.startsWith(area))) continue
  const parts = (typeof compiled === 'string' ? [compiled] : compiled) as CompiledMessage
  if (parts.every((part) => typeof part === 'string')) {
    const text = parts.join('')
    // The same words under two keys (e.g. 'Name is required') are one message: the first key says it.
    if (!exact.has(text)) exact.set(text, key)
  } else {
    patterns.push(patternOf(key, parts))
  }
}

/** The catalog key and values of an English validation or error text, if this build knows it. */
export function messageKeyOf(english: string): { key: string; values?: Values } | undefined {
  const key = exact.get(english)
  if (key) return { key }
  for (const pattern of patterns) {
    const match = pattern.regex.exec(english)
    if (match) return { key: pattern.key, values: pattern.read(match) }
  }
  return undefined
}

/** An English validation or error text (from a form's schema or a server answer) in the current language. */
export function translateMessage(english: string): string {
  const found = messageKeyOf(english)
  return found ? t(found.key, found.values) : english
}

/** `translateMessage` for components: they render again when the language changes. */
export function useTranslateMessage(): (english: string | undefined) => string | undefined {
  useT()
  return (english) => (english === undefined ? undefined : translateMessage(english))
}

/**
 * A message whose one {placeholder} an element fills (a link, a mark): the words before and after it,
 * so each language puts the element where its grammar wants it.
 */
export function textAround(translate: (key: string, values?: Record<string, unknown>) => string, key: string, placeholder: string, values?: Record<string, unknown>): [string, string] {
  const mark = '\u0000'
  const [before = '', after = ''] = translate(key, { ...values, [placeholder]: mark }).split(mark)
  return [before, after]
}

/**
 * `textAround` for a message with several elements (links, bold words): its words and the elements in
 * the order the language puts them, e.g. `["Tap ", joinLink, " and fill in…"]`.
 */
export function piecesAround<E>(translate: (key: string, values?: Record<string, unknown>) => string, key: string, elements: Record<string, E>, values?: Record<string, unknown>): (string | E)[] {
  const names = Object.keys(elements)
  // Private-use marks no message holds; the text is split at them (a capturing split keeps each index).
  const marks = Object.fromEntries(names.map((name, i) => [name, `\uE000${i}\uE000`]))
  return translate(key, { ...values, ...marks })
    .split(/\uE000(\d+)\uE000/)
    .map((piece, i) => (i % 2 === 1 ? elements[names[Number(piece)]!]! : piece))
    .filter((piece) => piece !== '')
}
