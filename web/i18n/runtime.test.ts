import { describe, expect, it } from 'vitest'
import { onLocaleChange, setLocale } from './runtime'

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
