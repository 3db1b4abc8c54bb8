// 'Leave a Review' for one farm: stars 1–5 (default 5) and a comment of 1–1000 characters.
// POST /api/farm-reviews with an Idempotency-Key; farm reviews are published at once, so the
// farm list (average, count) and the farm's reviews are refetched after a success.
import { Box, Button, Flex, Text, chakra } from '@chakra-ui/react'
import { useQueryClient } from '@tanstack/react-query'
import { useEffect, useId, useRef, useState, type FormEvent } from 'react'
import { FARM_REVIEW_MAX_CHARS, FarmReviewCreateSchema, IDEMPOTENCY_KEY_HEADER, messages, ratingLabel } from '../../../api/contract'
import { apiFetch } from '../../shared/api'
import { addReloadGuard } from '../../shared/reload-guard'
import { NativeDialog } from '../../shared/ui/native-dialog'
import { StarRatingInput } from '../../shared/ui/star-rating'
import { newIdempotencyKey } from '../../shared/ui/submit-helpers'
import { toast } from '../../shared/ui/toast'
import { refetchFresh } from './fresh-fetch'

const m = messages.farmReviews

/** The comment's message from the contract schema, or undefined when the review is valid. */
export function farmReviewCommentError(farmId: string, rating: number, comment: string): string | undefined {
  const parsed = FarmReviewCreateSchema.safeParse({ farmId, rating, comment })
  if (parsed.success) return undefined
  return parsed.error.issues.find((i) => i.path[0] === 'comment')?.message ?? parsed.error.issues[0]?.message
}

export function FarmReviewDialog({ farm, onClose }: { farm: { id: string; name: string }; onClose: () => void }) {
  const queryClient = useQueryClient()
  const [rating, setRating] = useState(5)
  const [comment, setComment] = useState('')
  const [error, setError] = useState<string | undefined>()
  const [failed, setFailed] = useState(false)
  const [submitting, setSubmitting] = useState(false)
  const idempotencyKey = useRef<string | null>(null)
  const commentRef = useRef<HTMLTextAreaElement>(null)
  const commentId = useId()
  const counterId = useId()
  const errorId = useId()

  const dirtyRef = useRef(false)
  useEffect(() => {
    dirtyRef.current = comment !== ''
  }, [comment])
  useEffect(() => addReloadGuard({ reason: 'You have an unsent farm review.', blocking: () => dirtyRef.current }), [])

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault()
    if (submitting) return
    const found = farmReviewCommentError(farm.id, rating, comment)
    setError(found)
    if (found) {
      commentRef.current?.focus()
      return
    }
    const body = FarmReviewCreateSchema.parse({ farmId: farm.id, rating, comment })
    idempotencyKey.current ??= newIdempotencyKey()
    setSubmitting(true)
    setFailed(false)
    try {
      await apiFetch('/api/farm-reviews', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', [IDEMPOTENCY_KEY_HEADER]: idempotencyKey.current },
        body: JSON.stringify(body),
      })
      dirtyRef.current = false
      await refetchFresh(queryClient, (key) => {
        const url = String(key[0])
        return url === '/api/farms-with-ratings' || url.startsWith('/api/farm-reviews')
      })
      toast({ title: m.submitted })
      onClose()
    } catch {
      setFailed(true)
      toast({ title: m.submitFailed, description: m.submitFailedDescription, variant: 'destructive' })
    } finally {
      setSubmitting(false)
    }
  }

  return (
    <NativeDialog title={`Review ${farm.name}`} subtitle="Your review is published right away." onClose={onClose} maxW="34rem">
      <chakra.form onSubmit={(e) => void onSubmit(e)} noValidate display="flex" flexDirection="column" gap="4">
        <StarRatingInput
          legend="Rating"
          required
          value={rating}
          onChange={(v) => {
            idempotencyKey.current = null
            setRating(v)
          }}
          hint={`${rating}/5 · ${ratingLabel(rating)}`}
        />
        <Box>
          <chakra.label htmlFor={commentId} display="block" fontWeight="medium" mb="1">
            Comment
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
              idempotencyKey.current = null
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
            placeholder="How was the produce, the price, the service?"
            _placeholder={{ color: 'fg.subtle' }}
            _focusVisible={{ outline: '2px solid', outlineColor: 'brand.700', outlineOffset: '0', borderColor: 'brand.700' }}
          />
          <Text id={counterId} fontSize="sm" color="fg.muted" mt="1">
            {comment.length}/{FARM_REVIEW_MAX_CHARS} characters
          </Text>
          {error ? (
            <Text id={errorId} color="red.600" fontSize="sm" mt="1">
              {error}
            </Text>
          ) : null}
        </Box>
        {failed ? (
          <Text role="alert" color="red.600" fontWeight="medium">
            {m.submitFailed}. {m.submitFailedDescription}
          </Text>
        ) : null}
        <Flex gap="3" justify="flex-end" wrap="wrap">
          <Button type="button" variant="outline" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" colorPalette="brand" aria-disabled={submitting || undefined}>
            {submitting ? 'Submitting…' : 'Submit Review'}
          </Button>
        </Flex>
      </chakra.form>
    </NativeDialog>
  )
}
