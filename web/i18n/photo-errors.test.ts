import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { PHOTO_PREPARE_MESSAGES } from '../../sync/outbox/photo-encode'
import { readCatalog } from '../../api/i18n/catalog-files'
import { allCatalogsReady, setLocale } from './runtime'
import { translatePhotoError } from './photo-errors'

// The signup forms load every catalog area before they render; so does this test.
beforeAll(() => allCatalogsReady())
afterAll(() => setLocale('en', false))

describe('photo errors in the reader’s language', () => {
  it('has every text sync/ can throw in the English catalog, verbatim', () => {
    const english = readCatalog('en')
    for (const [name, text] of Object.entries(PHOTO_PREPARE_MESSAGES)) expect(english[`signup.photo.error.${name}`]?.message).toBe(text)
  })

  it('shows them in iTaukei and Fiji Hindi, and other texts through the validation messages', async () => {
    await setLocale('fj', false)
    expect(translatePhotoError(PHOTO_PREPARE_MESSAGES.unreadable)).toBe('E sega ni rawa ni wiliki na itaba oqo. Digitaka mada e dua tale.')
    await setLocale('hif', false)
    expect(translatePhotoError(PHOTO_PREPARE_MESSAGES.unsupported)).toBe('Ii browser me photo taiyaar nahi hoe sake.')
    expect(translatePhotoError('Something this build has never heard of')).toBe('Something this build has never heard of')
    await setLocale('en', false)
    expect(translatePhotoError(PHOTO_PREPARE_MESSAGES.notPrepared)).toBe(PHOTO_PREPARE_MESSAGES.notPrepared)
  })
})
