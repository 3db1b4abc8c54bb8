import { afterEach, beforeAll, describe, expect, it } from 'vitest'
import { catalogPartsReady, setLocale } from '../i18n/runtime'
import { formGuard } from './form-guard'
import { addReloadGuard, decideReload } from './reload-guard'

// The review forms' words are in the screens' part of the catalogs, as on the home page once it drew them.
beforeAll(async () => {
  await catalogPartsReady(['rest'])
})

afterEach(async () => {
  await setLocale('en', false)
})

describe('a dirty form’s reload guard', () => {
  it('gives its reason in the language switched to after the form opened', async () => {
    const dirty = { current: true }
    const remove = addReloadGuard(formGuard('reviews.platformForm.unsaved', dirty))
    try {
      expect(await decideReload()).toEqual({ kind: 'blocked', reasons: ['You have an unsent review.'] })
      await setLocale('fj', false)
      expect(await decideReload()).toEqual({ kind: 'blocked', reasons: ['E tiko e dua na nomu vakasama e se bera ni vakau.'] })
      dirty.current = false
      expect(await decideReload()).toEqual({ kind: 'reload' })
    } finally {
      remove()
    }
  })
})
