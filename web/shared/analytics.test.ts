import { afterEach, describe, expect, it, vi } from 'vitest'
import { visitorTimeZone } from './analytics'

describe('visitorTimeZone', () => {
  afterEach(() => vi.unstubAllGlobals())

  it("takes Temporal's answer where the browser has it", () => {
    vi.stubGlobal('Temporal', { Now: { timeZoneId: () => 'Pacific/Fiji' } })
    expect(visitorTimeZone()).toBe('Pacific/Fiji')
  })

  it('falls back to Intl where Temporal is missing', () => {
    vi.stubGlobal('Temporal', undefined)
    expect(visitorTimeZone()).toBe(Intl.DateTimeFormat().resolvedOptions().timeZone)
  })

  it('sends no time zone rather than failing when neither answers', () => {
    vi.stubGlobal('Temporal', { Now: { timeZoneId: () => { throw new RangeError('no zone') } } })
    expect(visitorTimeZone()).toBeUndefined()
  })
})
