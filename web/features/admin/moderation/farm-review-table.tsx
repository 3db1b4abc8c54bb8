// The farm review moderation table (spec 001 §2) with the means to clear a flood (issue 17 item 13):
// a box per row and one for every shown row, the sender (a keyed hash of the address, never the
// address) and, where a sender or a farm has more than one review, "Select all from this sender/farm".
import { Button, chakra, Stack, Table, Text } from '@chakra-ui/react'
import { useMemo, type ReactNode } from 'react'
import type { AdminFarmReview } from '../../../../api/contract/reviews'
import { formatFijiDate } from '../format'
import { RowActions } from '../ui/row-table'
import { DemoBadge } from '../../../shared/ui/demo-badge'
import { groupReviews, shownState, withReviews, type Selection } from './farm-review-selection'
import { farmNameOf, TABLE_COMMENT_CHARS, truncate } from './moderation'
import { useT } from '../../../i18n/runtime'

/** The sender's short form: enough to tell floods apart at a glance. */
const SENDER_CHARS = 8

function Tick({ label, checked, indeterminate, onChange }: { label: string; checked: boolean; indeterminate?: boolean; onChange: (checked: boolean) => void }) {
  return (
    <chakra.input
      type="checkbox"
      aria-label={label}
      checked={checked}
      ref={(box: HTMLInputElement | null) => {
        if (box) box.indeterminate = !!indeterminate
      }}
      onChange={(e) => onChange(e.target.checked)}
      boxSize="5"
      accentColor="brand.800"
      cursor="pointer"
    />
  )
}

export function FarmReviewTable({ all, shown, selection, onSelection, onView, onDelete, renderRating }: {
  all: readonly AdminFarmReview[]
  shown: readonly AdminFarmReview[]
  selection: Selection
  onSelection: (selection: Selection) => void
  onView: (review: AdminFarmReview) => void
  onDelete: (review: AdminFarmReview) => void
  renderRating: (rating: number) => ReactNode
}) {
  const t = useT()
  const state = shownState(shown, selection)
  const bySender = useMemo(() => groupReviews(all, (r) => r.senderKey), [all])
  const byFarm = useMemo(() => groupReviews(all, (r) => r.farmId), [all])
  const selectAll = (reviews: readonly AdminFarmReview[]) => onSelection(withReviews(selection, reviews, true))
  return (
    <Table.ScrollArea borderWidth="1px" rounded="md" tabIndex={0} role="region" aria-label={t('admin.farmReviews.table')}>
      <Table.Root size="sm" aria-label={t('admin.farmReviews.table')}>
        <Table.Header>
          <Table.Row>
            <Table.ColumnHeader width="1">
              <Tick label={t('admin.farmReviews.selectAllShown')} checked={state === 'all'} indeterminate={state === 'some'} onChange={(on) => onSelection(withReviews(selection, shown, on))} />
            </Table.ColumnHeader>
            {[t('admin.column.farm'), t('admin.column.rating'), t('admin.column.comment'), t('admin.column.sender'), t('admin.column.date'), t('admin.column.actions')].map((column) => (
              <Table.ColumnHeader key={column}>{column}</Table.ColumnHeader>
            ))}
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {shown.map((review) => {
            const fromSender = (review.senderKey !== null && bySender.get(review.senderKey)) || []
            const ofFarm = byFarm.get(review.farmId) ?? []
            return (
              <Table.Row key={review.id} data-selected={selection.has(review.id) ? '' : undefined}>
                <Table.Cell>
                  <Tick
                    label={t('admin.farmReviews.selectReview', { farm: farmNameOf(review), date: formatFijiDate(review.createdAt) })}
                    checked={selection.has(review.id)}
                    onChange={(on) => onSelection(withReviews(selection, [review], on))}
                  />
                </Table.Cell>
                <Table.Cell>
                  <Stack gap="1" align="start">
                    <Text fontWeight="medium">{farmNameOf(review)}</Text>
                    <DemoBadge isDemo={review.isDemo} title={t('admin.farmReviews.demoTitle')} />
                    {ofFarm.length > 1 && (
                      <Button size="xs" variant="outline" onClick={() => selectAll(ofFarm)}>
                        {t('admin.farmReviews.selectFarm', { count: ofFarm.length })}
                      </Button>
                    )}
                  </Stack>
                </Table.Cell>
                <Table.Cell>{renderRating(review.rating)}</Table.Cell>
                <Table.Cell minW="12rem" title={review.comment}>
                  {truncate(review.comment, TABLE_COMMENT_CHARS)}
                </Table.Cell>
                <Table.Cell>
                  <Stack gap="1" align="start">
                    {review.senderKey === null ? (
                      <Text color="fg.muted" title={t('admin.farmReviews.unknownSenderTitle')}>
                        {t('admin.farmReviews.unknownSender')}
                      </Text>
                    ) : (
                      <chakra.code fontSize="xs" title={review.senderKey}>
                        {review.senderKey.slice(0, SENDER_CHARS)}
                      </chakra.code>
                    )}
                    {fromSender.length > 1 && (
                      <Button size="xs" variant="outline" onClick={() => selectAll(fromSender)}>
                        {t('admin.farmReviews.selectSender', { count: fromSender.length })}
                      </Button>
                    )}
                  </Stack>
                </Table.Cell>
                <Table.Cell whiteSpace="nowrap">{formatFijiDate(review.createdAt)}</Table.Cell>
                <Table.Cell>
                  <RowActions name={t('admin.farmReviews.reviewOf', { farm: farmNameOf(review) })} edit={{ label: t('admin.farmReviews.view'), onClick: () => onView(review) }} onDelete={() => onDelete(review)} />
                </Table.Cell>
              </Table.Row>
            )
          })}
        </Table.Body>
      </Table.Root>
    </Table.ScrollArea>
  )
}
