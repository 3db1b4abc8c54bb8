import { afterEach, describe, expect, it, vi } from 'vitest'
import { READER_LANGUAGE_MESSAGE_TYPE } from '../../api/contract/public-pages'
import { setLocale } from '../i18n/runtime'
import { tellWorkerReaderLanguage } from './reader-language'

afterEach(async () => {
  vi.unstubAllGlobals()
  await setLocale('en', false)
})

/** A page with a controlling worker that records what it is told, and window events (this suite runs without a DOM). */
function pageWithWorker() {
  const told: unknown[] = []
  const windowEvents = new EventTarget()
  const workers = Object.assign(new EventTarget(), { controller: { postMessage: (message: unknown) => told.push(message) } })
  vi.stubGlobal('navigator', { serviceWorker: workers })
  vi.stubGlobal('window', windowEvents)
  return { told, windowEvents }
}

describe("telling the worker the reader's language", () => {
  it('tells it once per language, and again when the phone is back online (a language picked offline gets its pages then)', async () => {
    const { told, windowEvents } = pageWithWorker()
    tellWorkerReaderLanguage()
    await setLocale('fj', false)
    await setLocale('fj', false)
    const message = (language: string) => ({ type: READER_LANGUAGE_MESSAGE_TYPE, language })
    expect(told).toEqual([message('en'), message('fj')])
    windowEvents.dispatchEvent(new Event('online'))
    expect(told).toEqual([message('en'), message('fj'), message('fj')])
  })
})
