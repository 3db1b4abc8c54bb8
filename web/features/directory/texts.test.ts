import { beforeAll, describe, expect, it } from 'vitest'
import { SEARCH_EVENT_DELAY_MS as contractDelay, SEARCH_EVENT_MIN_CHARS as contractMinChars, messages } from '../../../api/contract'
import { SEARCH_EVENT_DELAY_MS, SEARCH_EVENT_MIN_CHARS } from './search'
import { texts } from './texts'
import { allCatalogsReady, t } from '../../i18n/runtime'

// The English catalog holds the spec's texts: each key the directory uses says the contract's words.
describe('directory texts match the contract', () => {
  beforeAll(allCatalogsReady)
  const browse = messages.browse
  it.each([
    ['emptySearch', texts.emptySearch, browse.emptySearch],
    ['noLocations', texts.noLocations, browse.noLocations],
    ['noFarmersInLocation', texts.noFarmersInLocation, browse.noFarmersInLocation],
    ['categoriesUpdating', texts.categoriesUpdating, browse.categoriesUpdating],
    ['phoneNotProvided', texts.phoneNotProvided, browse.phoneNotProvided],
    ['failedToFetchProduceAvailability', texts.failedToFetchProduceAvailability, browse.failedToFetchProduceAvailability],
    ['failedToFetchFarmersLocations', texts.failedToFetchFarmersLocations, browse.failedToFetchFarmersLocations],
    ['failedToFetchProduceForLocation', texts.failedToFetchProduceForLocation, browse.failedToFetchProduceForLocation],
    ['failedToFetchFarmersForLocationAndProduce', texts.failedToFetchFarmersForLocationAndProduce, browse.failedToFetchFarmersForLocationAndProduce],
  ])('%s', (_name, key, theirs) => {
    expect(t(key)).toBe(theirs)
  })
  it('failedToFetchFarmers (the search) uses the farmers wording', () => {
    expect(t(texts.failedToFetchFarmers)).toBe(messages.farmers.failedToFetch)
  })
  it('search event constants', () => {
    expect(SEARCH_EVENT_DELAY_MS).toBe(contractDelay)
    expect(SEARCH_EVENT_MIN_CHARS).toBe(contractMinChars)
  })
  it('noFarmersForProduce', () => {
    expect(t(texts.noFarmersForProduce, { city: 'Nadi', produce: 'Tomatoes' })).toBe(browse.noFarmersForProduce('Nadi', 'Tomatoes'))
  })
})
