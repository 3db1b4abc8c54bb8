// The platform review form of the home page (spec 000 §5, §8): optional name and e-mail, a
// required star rating, a comment of 10–100 words (input capped at 500 characters, counter
// 'n/100 words max'). Sent through the outbox (offline-sync.md): saved on this phone, then
// POST /api/public/reviews with the item's id as Idempotency-Key; 'Review Submitted!' only when
// the server has it, else 'Saved on this phone'. The review waits for moderation. A lazy chunk
// (review-section.tsx), so zod, the contract and the outbox stay off the home chunk.
import { Box, Button, Text, chakra } from '@chakra-ui/react'
import { useQueryClient } from '@tanstack/react-query'
import { useEffect, useId, useRef, useState, type FormEvent, type ReactNode } from 'react'
import {
  PLATFORM_REVIEW_MAX_CHARS,
  PLATFORM_REVIEW_MAX_WORDS,
  PlatformReviewFormSchema,
  countWords,
  messages,
} from '../../../api/contract'
import { isQueryOfUrl } from '../../shared/api'
import { savedTexts } from '../../shared/outbox/outcome'
import { outcomeWithdrawingFailure, queueSubmission } from '../../shared/outbox/runtime'
import { storageErrorText } from '../../shared/outbox/storage-error'
import { formGuard } from '../../shared/form-guard'
import { addReloadGuard } from '../../shared/reload-guard'
import { HoneypotField, honeypotOf } from '../../shared/ui/honeypot-field'
import { StarRatingInput } from '../../shared/ui/star-rating'
import { TextInput } from '../../shared/ui/text-input'
import { toast } from '../../shared/ui/toast'
import { ratingText } from '../../i18n/rating-text'
import { t as translate, useT } from '../../i18n/runtime'
import { translateMessage } from '../../i18n/messages'

const m = messages.reviews
type FieldName = 'userName' | 'userEmail' | 'comment'
type FieldErrors = Partial<Record<FieldName, string>>

/** The first message per field of a failed parse. */
export function reviewFormErrors(values: { userName: string; userEmail: string; rating: number; comment: string }): FieldErrors {
  const parsed = PlatformReviewFormSchema.safeParse(values)
  if (parsed.success) return {}
  const errors: FieldErrors = {}
  for (const issue of parsed.error.issues) {
    const field = issue.path[0]
    if ((field === 'userName' || field === 'userEmail' || field === 'comment') && !errors[field]) errors[field] = issue.message
  }
  return errors
}

function FieldError({ id, children }: { id: string; children?: string }) {
  if (!children) return null
  return (
    <Text id={id} color="red.600" fontSize="sm" mt="1">
      {translateMessage(children)}
    </Text>
  )
}

function FieldLabel({ htmlFor, children, required }: { htmlFor: string; children: ReactNode; required?: boolean }) {
  return (
    <chakra.label htmlFor={htmlFor} display="block" fontWeight="medium" mb="1">
      {children}
      {required ? (
        <chakra.span color="red.600" aria-hidden="true">
          {' '}
          *
        </chakra.span>
      ) : null}
    </chakra.label>
  )
}

export function PlatformReviewForm() {
  const t = useT()
  const queryClient = useQueryClient()
  const [userName, setUserName] = useState('')
  const [userEmail, setUserEmail] = useState('')
  const [rating, setRating] = useState(0)
  const [comment, setComment] = useState('')
  const [errors, setErrors] = useState<FieldErrors>({})
  const [submitting, setSubmitting] = useState(false)
  // A refused review of this form: submitting again resends it, fixed, under the same key.
  const refusedItem = useRef<string | undefined>(undefined)
  const [refusal, setRefusal] = useState<string | null>(null)
  const ratingInput = useRef<HTMLInputElement>(null)
  const honeypot = useRef<HTMLInputElement>(null)
  const fields = useRef<Record<FieldName, HTMLElement | null>>({ userName: null, userEmail: null, comment: null })
  const ids = { userName: useId(), userEmail: useId(), comment: useId(), counter: useId(), error: useId() }

  const words = countWords(comment)
  const tooManyWords = words > PLATFORM_REVIEW_MAX_WORDS
  const dirty = userName !== '' || userEmail !== '' || rating !== 0 || comment !== ''
  const dirtyRef = useRef(dirty)
  useEffect(() => {
    dirtyRef.current = dirty
  }, [dirty])
  useEffect(() => addReloadGuard(formGuard('reviews.platformForm.unsaved', dirtyRef)), [])

  const edited = <T,>(set: (value: T) => void, field?: FieldName) => (value: T) => {
    if (field && errors[field]) setErrors({ ...errors, [field]: undefined })
    set(value)
  }

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault()
    if (submitting) return
    if (rating < 1) {
      toast({ title: translateMessage(m.ratingRequiredTitle), description: translateMessage(m.ratingRequiredDescription), variant: 'destructive' })
      ratingInput.current?.focus()
      return
    }
    const values = { userName, userEmail, rating, comment }
    const found = reviewFormErrors(values)
    setErrors(found)
    const firstInvalid = (['userName', 'userEmail', 'comment'] as const).find((f) => found[f])
    if (firstInvalid) {
      fields.current[firstInvalid]?.focus()
      return
    }
    const body = { ...PlatformReviewFormSchema.parse(values), ...honeypotOf(honeypot.current) }
    setSubmitting(true)
    setRefusal(null)
    try {
      const item = await queueSubmission({ kind: 'platformReview', payload: body, replaces: refusedItem.current })
      const outcome = await outcomeWithdrawingFailure(item.id)
      if (outcome.kind === 'failed') {
        // The server failed (5xx) and the review is no longer queued: the spec's failure toast, the review kept as typed.
        refusedItem.current = undefined
        toast({ title: translateMessage(messages.common.errorTitle), description: translateMessage(m.submitFailed), variant: 'destructive' })
        return
      }
      if (outcome.kind === 'refused') {
        // Needs attention at once (400): the server's message here, the review kept as typed.
        refusedItem.current = item.id
        setRefusal(outcome.message)
        toast({ title: translateMessage(messages.common.errorTitle), description: translateMessage(outcome.message), variant: 'destructive' })
        return
      }
      if (outcome.kind === 'sent') {
        toast({ title: translateMessage(m.submittedTitle), description: translateMessage(m.submittedDescription) })
        void queryClient.invalidateQueries({ predicate: (query) => isQueryOfUrl(query.queryKey, '/api/public/reviews') })
      } else {
        toast({ title: savedTexts.title, description: translate('reviews.form.savedOnPhone', { reason: savedTexts.description[outcome.reason] }) })
      }
      refusedItem.current = undefined
      dirtyRef.current = false
      setUserName('')
      setUserEmail('')
      setRating(0)
      setComment('')
      setErrors({})
    } catch (error) {
      // Not even saved on this phone (storage refused): the review stays in the form.
      toast({
        title: translateMessage(messages.common.errorTitle),
        description: translate('reviews.platformForm.notSaved', { error: storageErrorText(error), failed: translateMessage(m.submitFailed) }),
        variant: 'destructive',
      })
    } finally {
      setSubmitting(false)
    }
  }

  const inputProps = (field: FieldName) => ({
    id: ids[field],
    'aria-invalid': errors[field] ? true : undefined,
    'aria-describedby': errors[field] ? `${ids[field]}-error` : undefined,
  })

  const commentError = errors.comment ?? (tooManyWords ? m.commentMaxWords : undefined)

  return (
    <chakra.form onSubmit={(e) => void onSubmit(e)} noValidate display="flex" flexDirection="column" gap="4" maxW="2xl" aria-label={t('reviews.platformForm.label')}>
      <Box display="grid" gap="4" gridTemplateColumns={{ base: '1fr', md: '1fr 1fr' }}>
        <Box>
          <FieldLabel htmlFor={ids.userName}>{t('reviews.platformForm.name')}</FieldLabel>
          <TextInput
            {...inputProps('userName')}
            ref={(el: HTMLInputElement | null) => {
              fields.current.userName = el
            }}
            autoComplete="name"
            maxLength={100}
            value={userName}
            onChange={(e) => edited(setUserName, 'userName')(e.currentTarget.value)}
          />
          <FieldError id={`${ids.userName}-error`}>{errors.userName}</FieldError>
        </Box>
        <Box>
          <FieldLabel htmlFor={ids.userEmail}>{t('reviews.platformForm.email')}</FieldLabel>
          <TextInput
            {...inputProps('userEmail')}
            ref={(el: HTMLInputElement | null) => {
              fields.current.userEmail = el
            }}
            type="email"
            autoComplete="email"
            inputMode="email"
            maxLength={255}
            value={userEmail}
            onChange={(e) => edited(setUserEmail, 'userEmail')(e.currentTarget.value)}
          />
          <FieldError id={`${ids.userEmail}-error`}>{errors.userEmail}</FieldError>
        </Box>
      </Box>

      <StarRatingInput
        legend={t('reviews.form.rating')}
        required
        value={rating}
        onChange={edited(setRating)}
        hint={rating > 0 ? t('reviews.form.ratingHint', { rating, label: ratingText(rating) }) : t('reviews.platformForm.chooseStars')}
        firstInputRef={ratingInput}
      />

      <Box>
        <FieldLabel htmlFor={ids.comment} required>
          {t('reviews.platformForm.comment')}
        </FieldLabel>
        <chakra.textarea
          ref={(el: HTMLTextAreaElement | null) => {
            fields.current.comment = el
          }}
          id={ids.comment}
          aria-invalid={commentError ? true : undefined}
          aria-describedby={[ids.counter, commentError ? `${ids.comment}-error` : ''].filter(Boolean).join(' ')}
          value={comment}
          maxLength={PLATFORM_REVIEW_MAX_CHARS}
          onChange={(e) => edited(setComment, 'comment')(e.currentTarget.value)}
          rows={5}
          w="full"
          px="3"
          py="2"
          borderWidth="1px"
          borderColor={commentError ? 'red.600' : 'gray.400'}
          borderRadius="md"
          bg="white"
          resize="vertical"
          placeholder={t('reviews.platformForm.placeholder')}
          _placeholder={{ color: 'fg.subtle' }}
          _focusVisible={{ outline: '2px solid', outlineColor: 'brand.700', outlineOffset: '0', borderColor: 'brand.700' }}
        />
        <Text id={ids.counter} fontSize="sm" color={tooManyWords ? 'red.600' : 'fg.muted'} mt="1">
          {t('reviews.platformForm.words', { count: words, max: PLATFORM_REVIEW_MAX_WORDS })}
        </Text>
        <FieldError id={`${ids.comment}-error`}>{commentError}</FieldError>
      </Box>

      {refusal ? (
        <Text role="alert" color="red.600" fontWeight="medium">
          {t('reviews.platformForm.refused', { message: translateMessage(refusal) })}
        </Text>
      ) : null}

      <Box>
        <Button type="submit" colorPalette="brand" aria-disabled={submitting || undefined}>
          {t(submitting ? 'reviews.form.submitting' : 'reviews.form.submit')}
        </Button>
      </Box>
      <HoneypotField inputRef={honeypot} />
    </chakra.form>
  )
}
