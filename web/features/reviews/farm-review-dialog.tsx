// 'Leave a Review' for one farm: stars 1–5 (default 5) and a comment of 1–1000 characters.
// Sent through the outbox (offline-sync.md): saved on this phone, then POST /api/farm-reviews
// with the item's id as Idempotency-Key. Farm reviews are published at once, so the farm list
// (average, count) and the farm's reviews are refetched once the server has it; without an
// answer in a few seconds the dialog says 'Saved on this phone' (it goes out by itself).
import { Box, Button, Flex, Text, chakra } from '@chakra-ui/react'
import { useQueryClient } from '@tanstack/react-query'
import { useEffect, useId, useRef, useState, type FormEvent } from 'react'
import { FARM_REVIEW_MAX_CHARS, FarmReviewCreateSchema, messages } from '../../../api/contract'
import { savedTexts } from '../../shared/outbox/outcome'
import { outcomeWithdrawingFailure, queueSubmission } from '../../shared/outbox/runtime'
import { isStorageFull, storageErrorText } from '../../shared/outbox/storage-error'
import { formGuard } from '../../shared/form-guard'
import { addReloadGuard } from '../../shared/reload-guard'
import { DemoBadge } from '../../shared/ui/demo-badge'
import { NativeDialog } from '../../shared/ui/native-dialog'
import { HoneypotField, honeypotOf } from '../../shared/ui/honeypot-field'
import { StarRatingInput } from '../../shared/ui/star-rating'
import { toast } from '../../shared/ui/toast'
import { refetchFresh } from './fresh-fetch'
import { ratingText } from './format'
import { t as translate, useT } from '../../i18n/runtime'
import { translateMessage } from '../../i18n/messages'

const m = messages.farmReviews

/** The comment's message from the contract schema, or undefined when the review is valid. */
export function farmReviewCommentError(farmId: string, rating: number, comment: string): string | undefined {
  const parsed = FarmReviewCreateSchema.safeParse({ farmId, rating, comment })
  if (parsed.success) return undefined
  return parsed.error.issues.find((i) => i.path[0] === 'comment')?.message ?? parsed.error.issues[0]?.message
}

export function FarmReviewDialog({ farm, onClose }: { farm: { id: string; name: string; isDemo?: boolean }; onClose: () => void }) {
  const t = useT()
  const queryClient = useQueryClient()
  const [rating, setRating] = useState(5)
  const [comment, setComment] = useState('')
  const [error, setError] = useState<string | undefined>()
  const [failed, setFailed] = useState<string | null>(null)
  const [submitting, setSubmitting] = useState(false)
  // A refused review of this dialog: submitting again resends it, fixed, under the same key.
  const refusedItem = useRef<string | undefined>(undefined)
  const commentRef = useRef<HTMLTextAreaElement>(null)
  const honeypot = useRef<HTMLInputElement>(null)
  const commentId = useId()
  const counterId = useId()
  const errorId = useId()

  const dirtyRef = useRef(false)
  useEffect(() => {
    dirtyRef.current = comment !== ''
  }, [comment])
  useEffect(() => addReloadGuard(formGuard('reviews.farmForm.unsaved', dirtyRef)), [])

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault()
    if (submitting) return
    const found = farmReviewCommentError(farm.id, rating, comment)
    setError(found)
    if (found) {
      commentRef.current?.focus()
      return
    }
    const body = { ...FarmReviewCreateSchema.parse({ farmId: farm.id, rating, comment }), ...honeypotOf(honeypot.current) }
    setSubmitting(true)
    setFailed(null)
    try {
      const item = await queueSubmission({ kind: 'farmReview', payload: body, replaces: refusedItem.current })
      const outcome = await outcomeWithdrawingFailure(item.id)
      if (outcome.kind === 'failed') {
        // The server failed (5xx) and the review is no longer queued: the spec's failure toast, the review kept in the dialog.
        refusedItem.current = undefined
        setFailed(`${translateMessage(m.submitFailed)}. ${translateMessage(m.submitFailedDescription)}`)
        toast({ title: translateMessage(m.submitFailed), description: translateMessage(m.submitFailedDescription), variant: 'destructive' })
        return
      }
      if (outcome.kind === 'refused') {
        refusedItem.current = item.id
        setFailed(translate('reviews.form.refused', { message: translateMessage(outcome.message) }))
        toast({ title: translateMessage(m.submitFailed), description: translateMessage(outcome.message), variant: 'destructive' })
        return
      }
      dirtyRef.current = false
      if (outcome.kind === 'sent') {
        await refetchFresh(queryClient, (key) => {
          const url = String(key[0])
          return url.startsWith('/api/farms-with-ratings') || url.startsWith('/api/farm-reviews')
        })
        toast({ title: translateMessage(m.submitted) })
      } else {
        toast({ title: savedTexts.title, description: translate('reviews.form.savedOnPhone', { reason: savedTexts.description[outcome.reason] }) })
      }
      onClose()
    } catch (error) {
      // Not even saved on this phone (storage refused): the review stays in the dialog.
      const full = isStorageFull(error)
      const description = full ? `${storageErrorText(error)}.` : translateMessage(m.submitFailedDescription)
      setFailed(`${translateMessage(m.submitFailed)}. ${full ? '' : `${error instanceof Error ? error.message : ''} `}${description}`)
      toast({ title: translateMessage(m.submitFailed), description, variant: 'destructive' })
    } finally {
      setSubmitting(false)
    }
  }

  return (
    <NativeDialog title={t('reviews.farmForm.title', { name: farm.name })} subtitle={t('reviews.farmForm.subtitle')} onClose={onClose} maxW="34rem">
      <chakra.form onSubmit={(e) => void onSubmit(e)} noValidate display="flex" flexDirection="column" gap="4">
        {farm.isDemo ? (
          <Box>
            <DemoBadge isDemo />
          </Box>
        ) : null}
        <StarRatingInput
          legend={t('reviews.form.rating')}
          required
          value={rating}
          onChange={(v) => setRating(v)}
          hint={t('reviews.form.ratingHint', { rating, label: ratingText(rating) })}
        />
        <Box>
          <chakra.label htmlFor={commentId} display="block" fontWeight="medium" mb="1">
            {t('reviews.farmForm.comment')}
            <chakra.span color="red.600" aria-hidden="true">
              {' '}
              *
            </chakra.span>
          </chakra.label>
          <chakra.textarea
            ref={commentRef}
            id={commentId}
            value={comment}
            maxLength={FARM_REVIEW_MAX_CHARS}
            onChange={(e) => {
              if (error) setError(undefined)
              setComment(e.currentTarget.value)
            }}
            aria-invalid={error ? true : undefined}
            aria-describedby={[counterId, error ? errorId : ''].filter(Boolean).join(' ')}
            rows={5}
            w="full"
            px="3"
            py="2"
            borderWidth="1px"
            borderColor={error ? 'red.600' : 'gray.400'}
            borderRadius="md"
            bg="white"
            resize="vertical"
            placeholder={t('reviews.farmForm.placeholder')}
            _placeholder={{ color: 'fg.subtle' }}
            _focusVisible={{ outline: '2px solid', outlineColor: 'brand.700', outlineOffset: '0', borderColor: 'brand.700' }}
          />
          <Text id={counterId} fontSize="sm" color="fg.muted" mt="1">
            {t('reviews.farmForm.characters', { count: comment.length, max: FARM_REVIEW_MAX_CHARS })}
          </Text>
          {error ? (
            <Text id={errorId} color="red.600" fontSize="sm" mt="1">
              {translateMessage(error)}
            </Text>
          ) : null}
        </Box>
        {failed ? (
          <Text role="alert" color="red.600" fontWeight="medium">
            {failed}
          </Text>
        ) : null}
        <Flex gap="3" justify="flex-end" wrap="wrap">
          <Button type="button" variant="outline" onClick={onClose}>
            {t('reviews.farmForm.cancel')}
          </Button>
          <Button type="submit" colorPalette="brand" aria-disabled={submitting || undefined}>
            {t(submitting ? 'reviews.form.submitting' : 'reviews.form.submit')}
          </Button>
        </Flex>
        <HoneypotField inputRef={honeypot} />
      </chakra.form>
    </NativeDialog>
  )
}
