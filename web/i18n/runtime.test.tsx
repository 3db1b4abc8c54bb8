import { renderToString } from 'react-dom/server'
import { describe, expect, it, vi } from 'vitest'
import { EnglishOnlyContext, holdDocumentLanguage, onLocaleChange, setLocale, useT } from './runtime'

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
