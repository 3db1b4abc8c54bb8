// /admin/reviews (spec 001 §2): stat cards, tabs Pending (default), Approved, Rejected and All
// with counts; each review with its details; Approve and Reject while pending, Delete always.
import { DemoBadge } from '../../../shared/ui/demo-badge'
import { Badge, Box, Button, Card, Flex, Heading, HStack, Stack, Text, Textarea, chakra } from '@chakra-ui/react'
import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { REJECTION_REASON_MAX_CHARS } from '../../../../api/contract/common'
import { messages } from '../../../../api/contract/messages'
import type { PlatformReview } from '../../../../api/contract/reviews'
import { useDocumentTitle } from '../../../shared/site'
import { useLoadErrorToast } from '../feedback'
import { formatFijiDate, formatFijiDateTime } from '../format'
import { BackToDashboard } from '../ui/back-to-dashboard'
import { ConfirmDialog } from '../ui/confirm-dialog'
import { useAdminWrite } from '../ui/admin-write'
import { ListState } from '../ui/list-state'
import { StatGrid } from '../ui/stat-grid'
import { reviewCounts, reviewTabLabels, reviewTabs, reviewsInTab, type ReviewTab } from './moderation'
import { useT } from '../../../i18n/runtime'

const m = messages.reviews
const reviewsKey = ['/api/admin/reviews'] as const
/** product: load failure of the review list (the spec names none). */
const FAILED_TO_FETCH = 'admin.reviews.failedToFetch'
const statusPalette = { pending: 'orange', approved: 'green', rejected: 'red' } as const
const statusLabel = { pending: 'admin.reviews.tab.pending', approved: 'admin.reviews.tab.approved', rejected: 'admin.reviews.tab.rejected' } as const
const emptyText = { pending: 'admin.reviews.empty.pending', approved: 'admin.reviews.empty.approved', rejected: 'admin.reviews.empty.rejected', all: 'admin.reviews.empty.all' } as const

export function Stars({ rating }: { rating: number }) {
  const t = useT()
  return (
    <Text as="span" role="img" aria-label={t('admin.reviews.stars', { rating })}>
      <chakra.span aria-hidden="true" color="orange.500" letterSpacing="0.1em">
        {'★'.repeat(rating)}
        <chakra.span color="fg.subtle">{'★'.repeat(5 - rating)}</chakra.span>
      </chakra.span>{' '}
      <chakra.span aria-hidden="true" fontSize="sm">
        ({rating}/5)
      </chakra.span>
    </Text>
  )
}

export function ReviewsScreen() {
  const t = useT()
  useDocumentTitle(t('admin.screen.reviews'))
  const reviews = useQuery<PlatformReview[]>({ queryKey: reviewsKey })
  useLoadErrorToast(reviews.error, t(FAILED_TO_FETCH))
  const write = useAdminWrite([reviewsKey, ['/api/public/reviews']])
  const [tab, setTab] = useState<ReviewTab>('pending')
  const [approving, setApproving] = useState<PlatformReview | null>(null)
  const [rejecting, setRejecting] = useState<PlatformReview | null>(null)
  const [reason, setReason] = useState('')
  const [deleting, setDeleting] = useState<PlatformReview | null>(null)
  const all = reviews.data ?? []
  const counts = reviewCounts(all)
  const shown = reviewsInTab(all, tab)

  return (
    <Stack gap="6">
      <BackToDashboard />
      <Heading as="h1" size="2xl">
        {t('admin.screen.reviews')}
      </Heading>
      <StatGrid
        label={t('admin.reviews.counts')}
        isLoading={reviews.isPending}
        stats={[
          [t('admin.reviews.total'), counts.all],
          [t('admin.reviews.tab.pending'), counts.pending],
          [t('admin.reviews.tab.approved'), counts.approved],
          [t('admin.reviews.tab.rejected'), counts.rejected],
        ]}
      />

      <HStack role="tablist" aria-label={t('admin.reviews.statusTabs')} gap="1" wrap="wrap" borderBottomWidth="1px" pb="2">
        {reviewTabs.map((value) => (
          <Button key={value} role="tab" id={`tab-${value}`} aria-selected={tab === value} aria-controls="review-panel" size="sm" variant={tab === value ? 'solid' : 'ghost'} colorPalette="brand" onClick={() => setTab(value)}>
            {t('admin.reviews.tabWithCount', { label: t(reviewTabLabels[value]), count: counts[value] })}
          </Button>
        ))}
      </HStack>

      <Box role="tabpanel" id="review-panel" aria-labelledby={`tab-${tab}`}>
        <ListState isPending={reviews.isPending} isError={reviews.isError} isEmpty={shown.length === 0} failedText={t(FAILED_TO_FETCH)} emptyText={t(emptyText[tab])} label={t('admin.reviews.loading')}>
          <Stack as="ul" gap="3" listStyle="none" m="0" p="0">
            {shown.map((review) => (
              <Card.Root as="li" key={review.id} size="sm" aria-label={t('admin.reviews.reviewBy', { name: review.userName ?? t('admin.reviews.anonymous') })}>
                <Card.Body gap="2">
                  <Flex gap="2" wrap="wrap" justify="space-between" align="flex-start">
                    <Box>
                      <Text fontWeight="semibold">
                        {review.userName ?? t('admin.reviews.anonymous')} <DemoBadge isDemo={review.isDemo} title={t('admin.reviews.demoTitle')} />
                      </Text>
                      <Text fontSize="sm" color="fg.muted" wordBreak="break-all">
                        {review.userEmail ?? t('admin.reviews.notProvided')}
                      </Text>
                    </Box>
                    <HStack gap="2">
                      <Text fontSize="sm">{formatFijiDate(review.createdAt)}</Text>
                      <Badge colorPalette={statusPalette[review.status]}>{t(statusLabel[review.status])}</Badge>
                    </HStack>
                  </Flex>
                  <Stars rating={review.rating} />
                  <Text whiteSpace="pre-wrap">{review.comment}</Text>
                  {review.status === 'rejected' && review.rejectionReason && (
                    <Text fontSize="sm" color="fg.error">
                      {t('admin.reviews.rejectionReason', { reason: review.rejectionReason })}
                    </Text>
                  )}
                  {review.reviewedAt && (
                    <Text fontSize="sm" color="fg.muted">
                      {review.reviewedBy
                        ? t('admin.reviews.reviewedOnBy', { date: formatFijiDateTime(review.reviewedAt), by: review.reviewedBy })
                        : t('admin.reviews.reviewedOn', { date: formatFijiDateTime(review.reviewedAt) })}
                    </Text>
                  )}
                </Card.Body>
                <Card.Footer gap="2" flexWrap="wrap">
                  {review.status === 'pending' && (
                    <>
                      <Button size="sm" colorPalette="green" onClick={() => setApproving(review)}>
                        {t('admin.reviews.approve')}
                      </Button>
                      <Button size="sm" variant="outline" colorPalette="red" onClick={() => {
                          setReason('')
                          setRejecting(review)
                        }}>
                        {t('admin.reviews.reject')}
                      </Button>
                    </>
                  )}
                  <Button size="sm" variant="ghost" colorPalette="red" onClick={() => setDeleting(review)}>
                    {t('admin.delete')}
                  </Button>
                </Card.Footer>
              </Card.Root>
            ))}
          </Stack>
        </ListState>
      </Box>

      <ConfirmDialog
        open={!!approving}
        onOpenChange={(open) => !open && setApproving(null)}
        title={t('admin.reviews.approveTitle')}
        confirmLabel={t('admin.reviews.approve')}
        onConfirm={() => write.mutateAsync({ method: 'PATCH', url: `/api/admin/reviews/${approving!.id}`, body: { status: 'approved' } })}
        successText={m.updatedTitle}
        successDescription={m.updatedDescription}
        failureText={m.failedToModerate}
      >
        {t('admin.reviews.approveBody')}
      </ConfirmDialog>
      <ConfirmDialog
        open={!!rejecting}
        onOpenChange={(open) => !open && setRejecting(null)}
        title={t('admin.reviews.rejectTitle')}
        confirmLabel={t('admin.reviews.reject')}
        destructive
        isConfirmDisabled={!reason.trim()}
        onConfirm={() => write.mutateAsync({ method: 'PATCH', url: `/api/admin/reviews/${rejecting!.id}`, body: { status: 'rejected', rejectionReason: reason.trim() } })}
        successText={m.updatedTitle}
        successDescription={m.updatedDescription}
        failureText={m.failedToModerate}
      >
        <Stack gap="2">
          <chakra.label htmlFor="rejection-reason" fontWeight="medium">
            {t('admin.reviews.rejectReasonLabel')}
          </chakra.label>
          <Textarea id="rejection-reason" rows={3} value={reason} onChange={(e) => setReason(e.target.value)} maxLength={REJECTION_REASON_MAX_CHARS} />
        </Stack>
      </ConfirmDialog>
      <ConfirmDialog
        open={!!deleting}
        onOpenChange={(open) => !open && setDeleting(null)}
        title={t('admin.reviews.deleteTitle')}
        confirmLabel={t('admin.delete')}
        destructive
        onConfirm={() => write.mutateAsync({ method: 'DELETE', url: `/api/admin/reviews/${deleting!.id}` })}
        successText={m.deleted}
        failureText={m.failedToDelete}
      >
        {t('admin.reviews.deleteBody')}
      </ConfirmDialog>
    </Stack>
  )
}
