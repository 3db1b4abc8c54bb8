import { beforeAll, describe, expect, it } from 'vitest'
import { catalogPartsReady } from '../../../i18n/runtime'
import type { AdminFarmReview } from '../../../../api/contract/reviews'
import { bulkDeleteReach, groupReviews, reviewsCount, selectedReviews, shownState, withReviews } from './farm-review-selection'

const farmA = '11111111-1111-4111-8111-111111111111'
const farmB = '22222222-2222-4222-8222-222222222222'
const review = (over: Partial<AdminFarmReview>): AdminFarmReview => ({
  id: crypto.randomUUID(),
  farmId: farmA,
  farmName: 'Waidradra Farm',
  senderKey: null,
  isDemo: false,
  rating: 1,
  comment: 'Bad',
  createdAt: '2026-11-20T00:00:00.000Z',
  ...over,
})


beforeAll(() => catalogPartsReady(['admin']))

describe('farm review selection for a bulk delete', () => {
  const flood = [review({ senderKey: 'aaaa' }), review({ senderKey: 'aaaa', farmId: farmB }), review({ senderKey: 'aaaa' })]
  const honest = review({ senderKey: 'bbbb', rating: 5 })
  const old = review({ senderKey: null })
  const all = [...flood, honest, old]

  it('groups one sender’s reviews across farms, and leaves reviews without a sender out', () => {
    const bySender = groupReviews(all, (r) => r.senderKey)
    expect(bySender.get('aaaa')).toEqual(flood)
    expect(bySender.get('bbbb')).toEqual([honest])
    expect([...bySender.keys()]).toEqual(['aaaa', 'bbbb'])
    expect(groupReviews(all, (r) => r.farmId).get(farmA)?.map((r) => r.id)).toEqual([flood[0]!.id, flood[2]!.id, honest.id, old.id])
  })

  it('adds and removes reviews, and keeps only ids the list still has', () => {
    let selection = withReviews(new Set(), flood, true)
    selection = withReviews(selection, [flood[0]!], false)
    expect(selectedReviews(all, selection)).toEqual([flood[1], flood[2]])
    expect(selectedReviews([flood[2]!, honest], selection)).toEqual([flood[2]])
  })

  it('says whether none, some or all of the shown reviews are ticked', () => {
    expect(shownState(flood, new Set())).toBe('none')
    expect(shownState(flood, new Set([flood[0]!.id, honest.id]))).toBe('some')
    expect(shownState(flood, withReviews(new Set(), all, true))).toBe('all')
    expect(shownState([], new Set())).toBe('none')
  })

  it('says how far a delete reaches, in the singular where it is one', () => {
    expect(bulkDeleteReach(flood)).toBe('From 1 sender, of 2 farms.')
    expect(bulkDeleteReach([honest])).toBe('From 1 sender, of 1 farm.')
    expect(bulkDeleteReach([...flood, honest, old])).toBe('From 2 senders and 1 review of unknown sender, of 2 farms.')
    expect(bulkDeleteReach([old, review({})])).toBe('From 2 reviews of unknown sender, of 1 farm.')
    expect([reviewsCount(1), reviewsCount(4)]).toEqual(['1 review', '4 reviews'])
  })
})
