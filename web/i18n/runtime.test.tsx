import { renderToString } from 'react-dom/server'
import { describe, expect, it, vi } from 'vitest'
import { EnglishOnlyContext, currentLocale, holdDocumentLanguage, holdSwitchesUntil, keepLocaleCookie, onLocaleChange, setLocale, useT } from './runtime'

describe('onLocaleChange', () => {
  it('a listener that stops itself on a change does not make the next one miss it; a stopped one hears nothing more', async () => {
    const heard: string[] = []
    const stopFirst = onLocaleChange(() => {
      heard.push('first')
      stopFirst()
    })
    const stopSecond = onLocaleChange(() => heard.push('second'))
    await setLocale('fj', false)
    expect(heard.filter((who) => who === 'first')).toHaveLength(1)
    const secondHeard = heard.filter((who) => who === 'second').length
    // Each change of the switch (the messages, then the language) reached the second listener.
    expect(secondHeard).toBeGreaterThanOrEqual(2)
    stopSecond()
    await setLocale('en', false)
    expect(heard.filter((who) => who === 'second')).toHaveLength(secondHeard)
    expect(heard.filter((who) => who === 'first')).toHaveLength(1)
  })
})

describe('the back office stays English (EnglishOnlyContext)', () => {
  function Badge() {
    return <span>{useT()('ui.demoBadge.label')}</span>
  }

  it('a shared part says its words in English inside it, in the reader\'s language outside', async () => {
    await setLocale('fj', false)
    try {
      const page = renderToString(
        <>
          <Badge />
          <EnglishOnlyContext value>
            <Badge />
          </EnglishOnlyContext>
        </>,
      )
      expect(page).toBe('<span>Vakatovotovo</span><span>Demo</span>')
    } finally {
      await setLocale('en', false)
    }
  })
})

describe('holdDocumentLanguage', () => {
  it('keeps <html lang> as the HTML says while the app loads another language, then says the active one', async () => {
    // The page's root element is all the runtime touches (this suite runs without a DOM).
    vi.stubGlobal('document', { documentElement: { lang: 'en' } })
    const release = holdDocumentLanguage()
    try {
      await setLocale('hif', false)
      expect(document.documentElement.lang).toBe('en')
      release()
      expect(document.documentElement.lang).toBe('hif')
      await setLocale('en', false)
      expect(document.documentElement.lang).toBe('en-FJ')
    } finally {
      release()
      await setLocale('en', false)
      vi.unstubAllGlobals()
    }
  })
})

describe('<html lang> as the runtime loads', () => {
  it("leaves the language of HTML in another language as it is (it says what is on screen), and says en-FJ on English HTML", async () => {
    for (const [htmlLang, after] of [['fj', 'fj'], ['hif', 'hif'], ['en', 'en-FJ']]) {
      vi.resetModules()
      vi.stubGlobal('document', { documentElement: { lang: htmlLang } })
      try {
        await import('./runtime')
        expect(document.documentElement.lang).toBe(after)
      } finally {
        vi.unstubAllGlobals()
      }
    }
    vi.resetModules()
  })
})

describe('holdSwitchesUntil', () => {
  it('a switch made while the page hydrates takes effect once hydration is done, and the last one made wins', async () => {
    let hydrated!: () => void
    holdSwitchesUntil(new Promise<void>((resolve) => (hydrated = resolve)))
    try {
      const first = setLocale('fj', false)
      const second = setLocale('hif', false)
      await new Promise((resolve) => setTimeout(resolve, 50))
      expect(currentLocale()).toBe('en')
      hydrated()
      await Promise.all([first, second])
      expect(currentLocale()).toBe('hif')
    } finally {
      hydrated()
      holdSwitchesUntil(Promise.resolve())
      await setLocale('en', false)
    }
  })
})

describe('switches asked one after the other', () => {
  it("the latest one asked wins, though an earlier one's words arrive after it (a wrong pick corrected at once on 3G)", async () => {
    vi.resetModules()
    // A fresh runtime: Fiji Hindi's words are still to be fetched, English's first part is in the entry.
    const runtime = await import('./runtime')
    try {
      const wrongPick = runtime.setLocale('hif', false)
      const rightPick = runtime.setLocale('en', false)
      await Promise.all([wrongPick, rightPick])
      expect(runtime.currentLocale()).toBe('en')
      // A switch asked for later still takes effect.
      await runtime.setLocale('hif', false)
      expect(runtime.currentLocale()).toBe('hif')
    } finally {
      await runtime.setLocale('en', false)
      vi.resetModules()
    }
  })
})

describe('the choice as a cookie (the server sends its pages in it)', () => {
  /** What the page's cookies are, as `document.cookie` writes them (this suite runs without a DOM). */
  function pageWithCookies(protocol: string) {
    const written: string[] = []
    const stored = new Map<string, string>()
    vi.stubGlobal('location', { protocol })
    vi.stubGlobal('localStorage', { getItem: (key: string) => stored.get(key) ?? null, setItem: (key: string, value: string) => void stored.set(key, value) })
    vi.stubGlobal('document', {
      documentElement: { lang: 'en' },
      set cookie(line: string) {
        written.push(line)
      },
    })
    return written
  }

  it('a choice made is written as the cookie, for a year, Secure on https', async () => {
    const written = pageWithCookies('https:')
    try {
      await setLocale('fj')
      expect(written).toEqual([`viti_locale=fj; Path=/; Max-Age=${365 * 24 * 60 * 60}; SameSite=Lax; Secure`])
      // A language the app takes without the reader choosing it (its first guess) is no choice.
      await setLocale('hif', false)
      expect(written).toHaveLength(1)
    } finally {
      vi.unstubAllGlobals()
      await setLocale('en', false)
    }
  })

  it('a choice remembered before the cookie existed gets it at the next start; nothing of ours writes none', () => {
    const written = pageWithCookies('http:')
    try {
      keepLocaleCookie('hif')
      keepLocaleCookie('xx')
      keepLocaleCookie(null)
      expect(written).toEqual([`viti_locale=hif; Path=/; Max-Age=${365 * 24 * 60 * 60}; SameSite=Lax`])
    } finally {
      vi.unstubAllGlobals()
    }
  })
})
