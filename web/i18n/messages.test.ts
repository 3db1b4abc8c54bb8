// messages.ts (api/contract) stays the one English source: the English catalog's "validation" area says
// exactly its words, key for key, and every text (parameterised ones too) reads back to its key, so a
// form's or a server's English text is shown in the reader's language.
import { afterEach, beforeAll, describe, expect, it } from 'vitest'
import en from 'virtual:i18n-catalog/en-rest'
import { messages } from '../../api/contract/messages'
import { outboxTexts } from '../../sync/outbox/texts'
import { backupTexts } from '../shared/outbox/backup'
import { messageKeyOf, piecesAround, translateMessage } from './messages'
import { catalogPartsReady, setLocale, t } from './runtime'

type Sample = { values: Record<string, string | number>; english: string }

/** Sample arguments for each parameterised message of messages.ts, and the catalog values they become. */
const samples: Record<string, (fn: (...args: never[]) => string) => Sample[]> = {
  'farmerSignup.citiesNotListed': (fn) => [['Suva'], ['Suva', 'Lautoka']].map((names) => ({ values: { names: names.join(', '), count: names.length }, english: (fn as (n: string[]) => string)(names) })),
  'farmerSignup.produceNotListed': (fn) => [['Dalo (Taro)'], ['Cassava', 'Kava', 'Ginger']].map((names) => ({ values: { names: names.join(', '), count: names.length }, english: (fn as (n: string[]) => string)(names) })),
  'browse.noFarmersForProduce': (fn) => [{ values: { city: 'Nadi', produce: 'Pineapple' }, english: (fn as (c: string, p: string) => string)('Nadi', 'Pineapple') }],
  'signups.purged': (fn) => [0, 1, 2, 17].map((count) => ({ values: { count }, english: (fn as (n: number) => string)(count) })),
  'farmReviews.bulkDeleted': (fn) => [0, 1, 2, 17].map((count) => ({ values: { count }, english: (fn as (n: number) => string)(count) })),
  'audit.purged': (fn) => [0, 1, 2, 17].map((count) => ({ values: { count }, english: (fn as (n: number) => string)(count) })),
  'idempotency.invalid': (fn) => [{ values: { min: 16, max: 255 }, english: (fn as (min: number, max: number) => string)(16, 255) }],
  'idempotency.tooDeep': (fn) => [{ values: { depth: 32 }, english: (fn as (depth: number) => string)(32) }],
}

// Forms' screens load every area before they render; so does this test (and the static pages' part).
beforeAll(() => catalogPartsReady(['rest', 'static']))

const entries = Object.entries(messages).flatMap(([group, texts]) => Object.entries(texts).map(([name, text]) => ({ path: `${group}.${name}`, key: `validation.${group}.${name}`, text })))

describe('validation messages: the English catalog and api/contract/messages.ts', () => {
  afterEach(() => setLocale('en', false))

  it('have the same keys', () => {
    const catalogKeys = Object.keys(en).filter((key) => key.startsWith('validation.')).sort()
    expect(catalogKeys).toEqual(entries.map((e) => e.key).sort())
  })

  it('say the same words', () => {
    const differ: string[] = []
    for (const { path, key, text } of entries) {
      if (typeof text === 'string') {
        if (t(key) !== text) differ.push(`${key}: "${t(key)}" vs "${text}"`)
        continue
      }
      const sample = samples[path]
      if (!sample) {
        differ.push(`${path}: a parameterised message without samples in this test`)
        continue
      }
      for (const { values, english } of sample(text as (...args: never[]) => string)) {
        if (t(key, values) !== english) differ.push(`${key}: "${t(key, values)}" vs "${english}"`)
      }
    }
    expect(differ).toEqual([])
  })

  it('read every English text back to a key saying the same words', () => {
    const lost: string[] = []
    for (const { path, text } of entries) {
      const texts = typeof text === 'string' ? [text] : (samples[path]?.(text as (...args: never[]) => string) ?? []).map((s) => s.english)
      for (const english of texts) {
        const found = messageKeyOf(english)
        if (!found || t(found.key, found.values) !== english) lost.push(`${path}: ${english}`)
      }
    }
    expect(lost).toEqual([])
  })
})

describe('translateMessage', () => {
  afterEach(() => setLocale('en', false))

  it('shows a form or server text in the chosen language, a parameterised one with its values', async () => {
    await setLocale('fj', false)
    expect(translateMessage(messages.farmerSignup.nameRequired)).toBe('E gadrevi na yaca')
    expect(translateMessage(messages.farmerSignup.citiesNotListed(['Suva', 'Lautoka']))).toBe(
      'E sega ni tiko ena lisi ni vanua o Suva, Lautoka. Digitaka mada na korolevu/siti mai na lisi ni vanua',
    )
    expect(translateMessage(messages.idempotency.bodyMismatch)).toBe('Sa vakayagataki tale na Idempotency-Key oqo ena dua na kerekere e duatani')
    await setLocale('hif', false)
    expect(translateMessage(messages.idempotency.tooDeep(32))).toBe('Request body bahut gahraa hai (sab se jaadaa 32 level)')
    expect(translateMessage(messages.farmReviews.alreadyReviewedToday)).toBe('Aap aaj ii farm ke review kar chuke hai. Kal phir se review kar sakta.')
  })

  it('shows a text it does not know as it is', async () => {
    await setLocale('fj', false)
    expect(translateMessage('Something the server says that this build has never seen')).toBe('Something the server says that this build has never seen')
  })
})

describe('piecesAround', () => {
  afterEach(() => setLocale('en', false))

  it('puts each element where the language puts its placeholder', async () => {
    const elements = { connect: 'C', buy: 'B', improve: 'I' }
    expect(piecesAround(t, 'static.about.mission.verbs', elements)).toEqual([
      'C',
      ' buyers and farmers directly. Help buyers ',
      'B',
      ' fresh, local food. ',
      'I',
      ' the livelihoods of farming families in villages and settlements across Fiji.',
    ])
    await setLocale('hif', false)
    await catalogPartsReady(['static'])
    expect(piecesAround(t, 'static.about.mission.verbs', elements).filter((p) => Object.values(elements).includes(p))).toEqual(['C', 'B', 'I'])
  })
})

describe('the outbox engine’s texts (sync/outbox/texts.ts)', () => {
  afterEach(() => setLocale('en', false))

  it('each read back to its outbox.engine key, in English and in iTaukei', async () => {
    // A text with a value is said with one (503 as a status, or as a name).
    const said = Object.entries(outboxTexts).map(([name, text]) => ({ key: `outbox.engine.${name}`, english: typeof text === 'string' ? text : text(503 as never) }))
    for (const { key, english } of said) {
      expect(messageKeyOf(english)?.key, english).toBe(key)
      expect(translateMessage(english)).toBe(english)
    }
    await setLocale('fj', false)
    expect(translateMessage(outboxTexts.noConnection)).toBe('E sega ni taratara na sava. Ena vakau yani ga.')
    expect(translateMessage(outboxTexts.serverProblem(503))).toBe('E a leqa na sava (503). Ena vakau yani ga.')
    expect(translateMessage(outboxTexts.heldForAgent('Mere Tuilau'))).toBe('Caka ko Mere Tuilau: ena vakau ga ena yacana, ni sa curu o koya ena talevoni oqo.')
    expect(translateMessage(outboxTexts.beingSent)).toBe('Se vakau tiko na ka oqo. Tovolea tale e muri vakalailai.')
  })
})

describe('the outbox import’s texts (web/shared/outbox/backup.ts)', () => {
  afterEach(() => setLocale('en', false))

  it('each read back to its outbox.backupError key, in English and in Fiji Hindi', async () => {
    for (const [name, english] of Object.entries(backupTexts)) {
      expect(messageKeyOf(english)?.key, english).toBe(`outbox.backupError.${name}`)
      expect(translateMessage(english)).toBe(english)
    }
    await setLocale('hif', false)
    expect(translateMessage(backupTexts.notExport)).toBe('Ii file Viti Farmers ke Outbox export nahi hai.')
    expect(translateMessage(backupTexts.photoMissing)).toBe('Ii export ke ek photo nahi hai. Dusra phone se phir export karo.')
  })
})
