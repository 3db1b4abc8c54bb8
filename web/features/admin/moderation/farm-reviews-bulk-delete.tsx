// The bar that deletes the ticked farm reviews (issue 17 item 13; decision 017): how many are ticked
// (and how many of those the filters hide), a confirmation that says how many and from how many senders
// and farms, then one POST /api/admin/farm-reviews/bulk-delete per FARM_REVIEW_BULK_DELETE_MAX, each
// an audit row on the server. It sticks to the bottom of the screen, so it is in reach on a long list.
import { Button, HStack, Stack, Text } from '@chakra-ui/react'
import { useState } from 'react'
import { messages } from '../../../../api/contract/messages'
import { FARM_REVIEW_BULK_DELETE_MAX, FarmReviewBulkDeleteResponseSchema, type AdminFarmReview } from '../../../../api/contract/reviews'
import { ConfirmDialog } from '../ui/confirm-dialog'
import { bulkDeleteReach, reviewsCount } from './farm-review-selection'
import { useT } from '../../../i18n/runtime'

export function FarmReviewsBulkDelete({ selected, hiddenCount, isOnline, deleteReviews, onClear }: {
  selected: readonly AdminFarmReview[]
  /** Ticked reviews the text or rating filter does not show. */
  hiddenCount: number
  isOnline: boolean
  /** One bulk-delete call; answers what the server says it deleted. */
  deleteReviews: (ids: string[]) => Promise<unknown>
  onClear: () => void
}) {
  const t = useT()
  // The confirmation keeps the reviews it was opened for: the list refreshes under it as they go.
  const [confirming, setConfirming] = useState<readonly AdminFarmReview[] | null>(null)
  if (selected.length === 0 && !confirming) return null
  const deleteLabel = (n: number) => t('admin.farmReviews.deleteCount', { reviews: reviewsCount(n) })

  const deleteConfirmed = async (reviews: readonly AdminFarmReview[]): Promise<number> => {
    const ids = reviews.map((r) => r.id)
    let deletedCount = 0
    // A flood past one call's limit goes in several calls; a failure stops there and says so.
    for (let start = 0; start < ids.length; start += FARM_REVIEW_BULK_DELETE_MAX) {
      deletedCount += FarmReviewBulkDeleteResponseSchema.parse(await deleteReviews(ids.slice(start, start + FARM_REVIEW_BULK_DELETE_MAX))).deletedCount
    }
    onClear()
    return deletedCount
  }

  return (
    <>
      <HStack
        role="region"
        aria-label={t('admin.farmReviews.selectedRegion')}
        position="sticky"
        bottom="0"
        zIndex="2"
        bg="bg"
        borderWidth="1px"
        rounded="md"
        shadow="md"
        p="3"
        gap="3"
        wrap="wrap"
        justify="space-between"
      >
        <Stack gap="0">
          <Text fontWeight="semibold">{t('admin.farmReviews.selected', { reviews: reviewsCount(selected.length) })}</Text>
          {hiddenCount > 0 && (
            <Text fontSize="sm" color="fg.muted">
              {t('admin.farmReviews.hiddenBar', { count: hiddenCount })}
            </Text>
          )}
        </Stack>
        <HStack gap="2">
          <Button variant="outline" onClick={onClear}>
            {t('admin.farmReviews.clearSelection')}
          </Button>
          <Button colorPalette="red" disabled={!isOnline || selected.length === 0} onClick={() => setConfirming(selected)}>
            {deleteLabel(selected.length)}
          </Button>
        </HStack>
      </HStack>
      <ConfirmDialog
        open={!!confirming}
        onOpenChange={(open) => !open && setConfirming(null)}
        title={t('admin.farmReviews.bulkDeleteTitle')}
        confirmLabel={deleteLabel(confirming?.length ?? 0)}
        destructive
        onConfirm={() => deleteConfirmed(confirming ?? [])}
        successText={(deletedCount) => messages.farmReviews.bulkDeleted(deletedCount)}
        failureText={messages.farmReviews.failedToDelete}
      >
        {confirming && (
          <Stack gap="2">
            <Text>
              {t('admin.farmReviews.bulkDeleteBody', { count: confirming.length })}
            </Text>
            <Text>{bulkDeleteReach(confirming)}</Text>
            {hiddenCount > 0 && <Text color="fg.muted">{t('admin.farmReviews.hiddenConfirm', { count: hiddenCount })}</Text>}
          </Stack>
        )}
      </ConfirmDialog>
    </>
  )
}
