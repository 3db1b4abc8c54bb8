// /admin/farm-reviews (spec 001 §2): stats, a text search over farm name or comment, rating
// buttons All and 1 to 5, and the table with colour-banded ratings, comments cut at 50
// characters, a details dialog and a delete confirmation (farm, rating, first 100 characters). A flood
// is deleted in one go: rows ticked one by one, all shown, or all of one sender or farm (issue 17).
import { Badge, Button, Heading, HStack, Input, Stack, Text, chakra } from '@chakra-ui/react'
import { useQuery } from '@tanstack/react-query'
import { useMemo, useState } from 'react'
import { messages } from '../../../../api/contract/messages'
import type { AdminFarmReview } from '../../../../api/contract/reviews'
import { useIsOnline } from '../../../shared/session'
import { useDocumentTitle } from '../../../shared/site'
import { useLoadErrorToast } from '../feedback'
import { formatFijiDateTime } from '../format'
import { AdminDialog, DialogBody, DialogFooter } from '../ui/admin-dialog'
import { useAdminWrite } from '../ui/admin-write'
import { BackToDashboard } from '../ui/back-to-dashboard'
import { ConfirmDialog } from '../ui/confirm-dialog'
import { ListState } from '../ui/list-state'
import { StatGrid } from '../ui/stat-grid'
import { selectedReviews, type Selection } from './farm-review-selection'
import { FarmReviewTable } from './farm-review-table'
import { FarmReviewsBulkDelete } from './farm-reviews-bulk-delete'
import { DIALOG_COMMENT_CHARS, farmNameOf, farmReviewStats, filterFarmReviews, ratingLabel, ratingPalette, truncate } from './moderation'
import { Stars } from './reviews-screen'
import { useT } from '../../../i18n/runtime'

const farmReviewsKey = ['/api/admin/farm-reviews'] as const
/** product: load failure of the farm review list (the spec names none). */
const FAILED_TO_FETCH = 'admin.farmReviews.failedToFetch'

function RatingBadge({ rating }: { rating: number }) {
  const t = useT()
  return (
    <Badge colorPalette={ratingPalette(rating)} role="img" aria-label={t('admin.farmReviews.ratingBadge', { rating, label: ratingLabel(rating) })}>
      {rating} ★
    </Badge>
  )
}

export function FarmReviewsScreen() {
  const t = useT()
  useDocumentTitle(t('admin.screen.farmReviews'))
  const reviews = useQuery<AdminFarmReview[]>({ queryKey: farmReviewsKey })
  useLoadErrorToast(reviews.error, t(FAILED_TO_FETCH))
  const write = useAdminWrite([farmReviewsKey, ['/api/farms-with-ratings'], ['/api/farm-reviews']])
  const [search, setSearch] = useState('')
  const [rating, setRating] = useState<number | null>(null)
  const [viewing, setViewing] = useState<AdminFarmReview | null>(null)
  const [deleting, setDeleting] = useState<AdminFarmReview | null>(null)
  const [selection, setSelection] = useState<Selection>(new Set())
  const isOnline = useIsOnline()
  const all = useMemo(() => reviews.data ?? [], [reviews.data])
  const stats = farmReviewStats(all)
  const shown = filterFarmReviews(all, search, rating)
  // Only reviews the list still has count as ticked: a refresh drops the deleted ones.
  const selected = selectedReviews(all, selection)
  const shownIds = new Set(shown.map((r) => r.id))

  return (
    <Stack gap="6">
      <BackToDashboard />
      <Heading as="h1" size="2xl">
        {t('admin.screen.farmReviews')}
      </Heading>
      <StatGrid
        label={t('admin.farmReviews.stats')}
        isLoading={reviews.isPending}
        stats={[
          [t('admin.farmReviews.totalReviews'), stats.total],
          [t('admin.farmReviews.averageRating'), stats.averageRating],
          [t('admin.farmReviews.farmsReviewed'), stats.farmsReviewed],
          [t('admin.farmReviews.fiveStar'), stats.fiveStar],
        ]}
      />

      <Stack gap="3">
        <Input type="search" aria-label={t('admin.farmReviews.search')} placeholder={t('admin.farmReviews.search')} value={search} onChange={(e) => setSearch(e.target.value)} maxW="28rem" />
        <HStack gap="1" wrap="wrap" role="group" aria-label={t('admin.farmReviews.filterByRating')}>
          {[null, 1, 2, 3, 4, 5].map((value) => (
            <Button key={value ?? 'all'} size="sm" variant={rating === value ? 'solid' : 'outline'} colorPalette="brand" aria-pressed={rating === value} onClick={() => setRating(value)}>
              {value === null ? t('admin.reviews.tab.all') : t('admin.farmReviews.starsButton', { value })}
            </Button>
          ))}
        </HStack>
      </Stack>

      <ListState
        isPending={reviews.isPending}
        isError={reviews.isError}
        isEmpty={shown.length === 0}
        failedText={t(FAILED_TO_FETCH)}
        emptyText={all.length === 0 ? t('admin.farmReviews.empty') : t('admin.farmReviews.noMatch')}
        label={t('admin.farmReviews.loading')}
      >
        <FarmReviewTable
          all={all}
          shown={shown}
          selection={selection}
          onSelection={setSelection}
          onView={setViewing}
          onDelete={setDeleting}
          renderRating={(value) => <RatingBadge rating={value} />}
        />
      </ListState>
      <FarmReviewsBulkDelete
        selected={selected}
        hiddenCount={selected.filter((r) => !shownIds.has(r.id)).length}
        isOnline={isOnline}
        deleteReviews={(ids) => write.mutateAsync({ method: 'POST', url: '/api/admin/farm-reviews/bulk-delete', body: { ids } })}
        onClear={() => setSelection(new Set())}
      />

      <AdminDialog open={!!viewing} onOpenChange={(open) => !open && setViewing(null)} title={t('admin.farmReviews.detailsTitle')}>
        {viewing && (
          <>
            <DialogBody>
              <Stack gap="2">
                <Text fontWeight="semibold">{farmNameOf(viewing)}</Text>
                <HStack gap="2">
                  <Stars rating={viewing.rating} />
                  <Text fontSize="sm">{ratingLabel(viewing.rating)}</Text>
                </HStack>
                <Text whiteSpace="pre-wrap">{viewing.comment}</Text>
                <Text fontSize="sm" color="fg.muted">
                  {formatFijiDateTime(viewing.createdAt)}
                </Text>
              </Stack>
            </DialogBody>
            <DialogFooter>
              <Button colorPalette="brand" onClick={() => setViewing(null)}>
                {t('admin.dialog.close')}
              </Button>
            </DialogFooter>
          </>
        )}
      </AdminDialog>
      <ConfirmDialog
        open={!!deleting}
        onOpenChange={(open) => !open && setDeleting(null)}
        title={t('admin.farmReviews.deleteTitle')}
        confirmLabel={t('admin.delete')}
        destructive
        onConfirm={() => write.mutateAsync({ method: 'DELETE', url: `/api/admin/farm-reviews/${deleting!.id}` })}
        successText={messages.reviews.deleted}
        failureText={messages.farmReviews.failedToDelete}
      >
        {deleting && (
          <Stack gap="2">
            <Text>{t('admin.farmReviews.deleteBody')}</Text>
            <chakra.dl display="grid" gridTemplateColumns="auto 1fr" columnGap="3" rowGap="1">
              <chakra.dt fontWeight="semibold">{t('admin.column.farm')}</chakra.dt>
              <chakra.dd m="0">{farmNameOf(deleting)}</chakra.dd>
              <chakra.dt fontWeight="semibold">{t('admin.column.rating')}</chakra.dt>
              <chakra.dd m="0">
                <RatingBadge rating={deleting.rating} />
              </chakra.dd>
              <chakra.dt fontWeight="semibold">{t('admin.column.comment')}</chakra.dt>
              <chakra.dd m="0">{truncate(deleting.comment, DIALOG_COMMENT_CHARS)}</chakra.dd>
            </chakra.dl>
          </Stack>
        )}
      </ConfirmDialog>
    </Stack>
  )
}
