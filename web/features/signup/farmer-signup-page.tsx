// Lazy chunk: the farmer signup form (spec 000 §2 "Farmer signup", §5, §8), public and in Data
// Agent Mode (any signed-in staff member: POST /api/data-agent/signup with the bearer token).
// Validation is the contract's FarmerSignupSchema through zodResolver, so the form and the
// server say the same words. Sending goes through the outbox (offline-sync.md): the signup and
// its photos are saved on this phone first, then sent; the screen says "Application Submitted!"
// only when the server has it, else "Saved on this phone". The form is autosaved as a draft.
import { Box, Button, Flex, Heading, Link, SimpleGrid, Text, chakra } from '@chakra-ui/react'
import { zodResolver } from '@hookform/resolvers/zod'
import { useCallback, useRef, useState } from 'react'
import { useController, useForm, useWatch, type FieldErrors } from 'react-hook-form'
import { Link as RouterLink, useNavigate } from 'react-router-dom'
import {
  DEFAULT_DAILY_RATE,
  FARM_PHOTO_MAX_BYTES,
  FarmerSignupSchema,
  MAX_PRODUCE_PER_FARMER,
  MAX_SIGNUP_PHOTOS,
  SIGNUP_TEXT_MAX,
  messages,
  type FarmerSignup,
  type FarmerSignupInput,
  type PublicLocation,
  type PublicProduce,
} from '../../../api/contract'
import { readSession } from '../../shared/api'
import { useReferenceList } from '../../shared/outbox/reference'
import { type JsonObject } from '../../shared/outbox/runtime'
import { useDraft } from '../../shared/outbox/use-draft'
import { productName, useDocumentTitle } from '../../shared/site'
import { useT } from '../../i18n/runtime'
import { textAround, translateMessage, useTranslateMessage } from '../../i18n/messages'
import { HoneypotField, honeypotOf } from '../../shared/ui/honeypot-field'
import { toast } from '../../shared/ui/toast'
import {
  CheckboxField,
  ErrorSummary,
  FieldError,
  FormField,
  FormSection,
  RequiredFieldsNote,
  RequiredMark,
  TextArea,
  TextInput,
  controlProps,
  type SummaryError,
} from './form-parts'
import { DraftNoRoomNote, DraftNote, RefusalNote, ServerFailureNote, markIssues, submitQueued, type QueuedResult } from './queued-form'
import { useUnsavedGuard } from '../../shared/form-guard'
import { OutcomeScreen } from './outcome-screen'
import { LocalPhotoList, type LocalPhoto } from './local-photos'
import { SavedOnPhone } from './saved-on-phone'
import { dayAfter, formatFjd, groupProduceByCategory, subscriptionDays, toggleLimited } from './signup-helpers'
import { queueFarmerSignup, type SignupMode } from './submit-farmer-signup'
import { ButtonLink } from '../../shared/ui/button-link'
import { LanguagePicker } from '../../shared/ui/language-picker'

const m = messages.farmerSignup

type FieldName = keyof FarmerSignupInput

const emptyForm: FarmerSignupInput = {
  name: '',
  phone: '',
  email: '',
  website: '',
  town: '',
  tikina: '',
  cities: [],
  produce: [],
  subscriptionStart: '',
  subscriptionEnd: '',
  mpaisaNumber: '',
  mpaisaReceiptNumber: '',
  paymentDate: '',
  comments: '',
  deliveryAvailable: false,
  isBulk: false,
  photoUrls: [],
  agreeToTerms: false,
}

/** Fields in the order they appear, for the error summary. */
const fieldOrder: readonly FieldName[] = [
  'name',
  'phone',
  'email',
  'website',
  'town',
  'tikina',
  'cities',
  'produce',
  'subscriptionStart',
  'subscriptionEnd',
  'mpaisaNumber',
  'mpaisaReceiptNumber',
  'paymentDate',
  'comments',
  'deliveryAvailable',
  'isBulk',
  'photoUrls',
  'agreeToTerms',
]

const fieldId = (name: FieldName) => `signup-${name}`

/** A field's message, or the first message inside it (e.g. photoUrls.1). */
function messageOf(error: unknown): string | undefined {
  if (!error || typeof error !== 'object') return undefined
  const own = (error as { message?: unknown }).message
  if (typeof own === 'string' && own) return own
  for (const value of Object.values(error)) {
    const nested = messageOf(value)
    if (nested) return nested
  }
  return undefined
}

function summaryOf(errors: FieldErrors<FarmerSignupInput>): SummaryError[] {
  return fieldOrder.flatMap((name) => {
    const message = messageOf(errors[name])
    return message ? [{ id: fieldId(name), message }] : []
  })
}

type Result = QueuedResult

export function FarmerSignupPage() {
  const t = useT()
  useDocumentTitle(t('signup.farmer.pageTitle'))
  const [session] = useState(readSession)
  const isDataAgent = Boolean(session?.user?.role)
  const userId = session?.user?.id
  const agent = isDataAgent && typeof userId === 'string' && session?.user ? { id: userId, name: session.user.name } : undefined
  const [result, setResult] = useState<Result | null>(null)
  // A new key remounts the form: fresh values (and a fresh outbox item on the next submit).
  const [formKey, setFormKey] = useState(0)
  const onAnother = () => {
    setFormKey((k) => k + 1)
    setResult(null)
  }
  // The saved screen saw the server take it: the spec's success, as if it had answered at once.
  const onSent = useCallback(() => setResult({ kind: 'sent' }), [])

  if (result?.kind === 'sent') return <SignupSubmitted isDataAgent={isDataAgent} onAnother={onAnother} />
  if (result?.kind === 'saved') {
    return (
      <SavedOnPhone lead={t(isDataAgent ? 'signup.farmer.savedAgent' : 'signup.farmer.savedPublic')} reason={result.reason} itemId={result.itemId} onSent={onSent}>
        {isDataAgent ? (
          <Button variant="outline" colorPalette="brand" onClick={onAnother}>
            {t('signup.farmer.another')}
          </Button>
        ) : (
          <ButtonLink variant="outline" colorPalette="brand">
            <RouterLink to="/">{t('signup.returnHome')}</RouterLink>
          </ButtonLink>
        )}
      </SavedOnPhone>
    )
  }
  return <FarmerSignupForm key={formKey} isDataAgent={isDataAgent} agent={agent} onDone={setResult} />
}

function SignupSubmitted({ isDataAgent, onAnother }: { isDataAgent: boolean; onAnother: () => void }) {
  const t = useT()
  return (
    <OutcomeScreen
      mark="✓"
      markColor="brand.800"
      title={translateMessage(m.submitted)}
      lead={t(isDataAgent ? 'signup.farmer.submittedAgentLead' : 'signup.farmer.submittedLead')}
      note={t('signup.farmer.submittedNote', { productName })}
    >
      <ButtonLink colorPalette="brand">
        <RouterLink to="/">{t('signup.returnHome')}</RouterLink>
      </ButtonLink>
      {isDataAgent ? (
        <Button variant="outline" colorPalette="brand" onClick={onAnother}>
          {t('signup.farmer.another')}
        </Button>
      ) : null}
    </OutcomeScreen>
  )
}

function DataAgentBadge() {
  const tm = useTranslateMessage()
  return (
    <chakra.span
      display="inline-flex"
      alignItems="center"
      px="2.5"
      py="1"
      borderRadius="full"
      bg="brand.100"
      color="brand.900"
      fontSize="sm"
      fontWeight="semibold"
      borderWidth="1px"
      borderColor="brand.600"
    >
      {tm(m.dataAgentMode)}
    </chakra.span>
  )
}

function FarmerSignupForm({
  isDataAgent,
  agent,
  onDone,
}: {
  isDataAgent: boolean
  agent?: { id: string; name: string }
  onDone: (result: Result) => void
}) {
  const navigate = useNavigate()
  const t = useT()
  const tm = useTranslateMessage()
  const mode: SignupMode = isDataAgent ? 'dataAgent' : 'public'
  const {
    register,
    handleSubmit,
    control,
    setError,
    reset,
    formState: { errors, isSubmitting, isDirty },
  } = useForm<FarmerSignupInput, unknown, FarmerSignup>({
    resolver: zodResolver(FarmerSignupSchema),
    defaultValues: emptyForm,
    shouldFocusError: false, // the error summary takes focus instead
  })

  const [photos, setPhotos] = useState<LocalPhoto[]>([])
  // A refused item of this form: submitting again replaces it (same key when it can).
  const [replaces, setReplaces] = useState<string | undefined>()
  const [refusal, setRefusal] = useState<string | null>(null)
  const [serverFailed, setServerFailed] = useState(false)
  const [showSummary, setShowSummary] = useState(false)
  const [summaryFocus, setSummaryFocus] = useState(0)
  const [photosBusy, setPhotosBusy] = useState(false)
  const hasInput = isDirty || photos.length > 0

  // Drafts: autosaved on this phone, restored when the form opens again (after a reload or an update).
  const values = useWatch({ control }) as JsonObject
  const draft = useDraft({
    // One draft per agent: a phone shared by agents never shows one agent's unfinished signup to
    // another, who would send it under their own name. (Kept under one id for all before.)
    formId: agent ? `data-agent-signup:${agent.id}` : 'farmer-signup',
    formerFormId: agent ? 'data-agent-signup' : undefined,
    values,
    photos,
    replaces,
    dirty: hasInput,
    onRestore: (stored) => {
      // keepDefaultValues: a restored draft still counts as input (the reload guard, autosave).
      reset({ ...emptyForm, ...(stored.values as Partial<FarmerSignupInput>) }, { keepDefaultValues: true })
      setPhotos(stored.photos ?? [])
      setReplaces(stored.replaces)
    },
  })

  // Updates never eat a form: the update banner will not reload while this form has input.
  const dirty = useUnsavedGuard(hasInput, t('signup.farmer.unsavedReason'))

  const onInvalid = () => {
    setShowSummary(true)
    setSummaryFocus((n) => n + 1)
  }

  const showIssues = (issues: readonly { path: string; message: string }[]) => {
    if (markIssues(issues, fieldOrder, (name, message) => setError(name, { type: 'server', message })) > 0) onInvalid()
  }

  const honeypot = useRef<HTMLInputElement>(null)

  const onValid = async (parsed: FarmerSignup) => {
    setShowSummary(false)
    setRefusal(null)
    setServerFailed(false)
    await submitQueued({
      queue: () => queueFarmerSignup({ ...parsed, ...honeypotOf(honeypot.current) }, { mode, photos, agent, replaces }),
      showIssues,
      dirty,
      clearDraft: () => draft.clear(),
      saveDraft: () => draft.saveNow(),
      // A data agent's signup stays queued through a server failure (the field app's promise); a
      // visitor's is withdrawn and the form says it failed.
      ...(!isDataAgent && {
        onServerFailure: () => {
          setServerFailed(true)
          toast({ title: translateMessage(messages.common.errorTitle), description: translateMessage(m.submitFailed), variant: 'destructive' })
        },
      }),
      onRefused: (itemId, message) => {
        setReplaces(itemId)
        setRefusal(message)
      },
      onDone,
    })
  }

  const onCancel = () => {
    if (!window.confirm(translateMessage(m.cancelConfirm))) return
    dirty.current = false
    void draft.clear()
    navigate(isDataAgent ? '/admin' : '/')
  }

  const discardDraft = async () => {
    await draft.clear()
    reset(emptyForm)
    setPhotos([])
    setReplaces(undefined)
    setRefusal(null)
  }

  const text = (name: FieldName, label: string, options: { required?: boolean; type?: string; hint?: string; autoComplete?: string; inputMode?: 'tel' | 'email' | 'url' | 'numeric'; maxLength?: number } = {}) => {
    const id = fieldId(name)
    const error = tm(messageOf(errors[name]))
    return (
      <FormField id={id} label={label} required={options.required} hint={options.hint} error={error}>
        <TextInput
          {...register(name)}
          {...controlProps(id, { error, hint: Boolean(options.hint), required: options.required })}
          type={options.type ?? 'text'}
          autoComplete={options.autoComplete}
          inputMode={options.inputMode}
          maxLength={options.maxLength}
          bg="white"
          borderColor="gray.400"
        />
      </FormField>
    )
  }

  const summary = showSummary ? summaryOf(errors).map((e) => ({ ...e, message: translateMessage(e.message) })) : []
  const [agreeBefore, agreeAfter] = textAround(t, 'signup.farmer.agreeToTerms', 'terms')

  return (
    <Box maxW="3xl" mx="auto">
      <Flex gap="3" align="center" wrap="wrap">
        <Heading as="h1" size={{ base: '2xl', md: '3xl' }} color="brand.900">
          {t(isDataAgent ? 'signup.farmer.agentTitle' : 'signup.farmer.joinTitle')}
        </Heading>
        {isDataAgent ? <DataAgentBadge /> : null}
        {/* Here too, not only in the header: an agent hands the phone to the farmer, who picks a language without losing the form. */}
        <Box ms="auto">
          <LanguagePicker showLabel />
        </Box>
      </Flex>
      <Text mt="2" fontSize="lg">
        {isDataAgent ? t('signup.farmer.agentIntro') : t('signup.farmer.intro', { productName })}
      </Text>
      <RequiredFieldsNote />

      {draft.status === 'restored' ? <DraftNote hasPhotos={photos.length > 0} onDiscard={() => void discardDraft()} /> : null}
      {draft.noRoom ? <DraftNoRoomNote /> : null}

      <ErrorSummary errors={summary} focusKey={summaryFocus} />

      <chakra.form noValidate onSubmit={(e) => void handleSubmit(onValid, onInvalid)(e)} display="flex" flexDirection="column" gap="6" aria-busy={isSubmitting}>
        <FormSection title={t('signup.farmer.basicInformation')}>
          {text('name', t('signup.farmer.name'), { required: true, autoComplete: 'name', maxLength: SIGNUP_TEXT_MAX.name })}
          {text('phone', t('signup.farmer.phone'), { required: true, type: 'tel', inputMode: 'tel', autoComplete: 'tel', maxLength: SIGNUP_TEXT_MAX.phone })}
          {text('email', t('signup.farmer.email'), { type: 'email', inputMode: 'email', autoComplete: 'email', hint: t('signup.farmer.emailHint') })}
          {text('website', t('signup.farmer.website'), { type: 'url', inputMode: 'url', autoComplete: 'url', hint: t('signup.farmer.websiteHint') })}
        </FormSection>

        <FormSection title={t('signup.farmer.locationInformation')}>
          {text('town', t('signup.farmer.village'), { autoComplete: 'address-level3', maxLength: SIGNUP_TEXT_MAX.town })}
          {text('tikina', t('signup.farmer.tikina'), { maxLength: SIGNUP_TEXT_MAX.tikina })}
          <CitiesField control={control} />
        </FormSection>

        <ProduceField control={control} />

        <SubscriptionSection control={control} register={register} errors={errors} />

        <FormSection title={t('signup.farmer.additionalInformation')}>
          {text('mpaisaNumber', t('signup.farmer.mpaisaNumber'), { type: 'tel', inputMode: 'tel', maxLength: SIGNUP_TEXT_MAX.mpaisaNumber })}
          {text('mpaisaReceiptNumber', t('signup.farmer.mpaisaReceiptNumber'), { maxLength: SIGNUP_TEXT_MAX.mpaisaReceiptNumber })}
          {text('paymentDate', t('signup.farmer.paymentDate'), { type: 'date' })}
          <FormField id={fieldId('comments')} label={t('signup.farmer.comments')} error={tm(messageOf(errors.comments))}>
            <TextArea
              {...register('comments')}
              {...controlProps(fieldId('comments'), { error: tm(messageOf(errors.comments)) })}
              rows={4}
              maxLength={SIGNUP_TEXT_MAX.comments}
              bg="white"
              borderColor="gray.400"
            />
          </FormField>
          <Box>
            <CheckboxField id={fieldId('deliveryAvailable')} label={t('signup.farmer.deliveryAvailable')} {...register('deliveryAvailable')} />
            <CheckboxField id={fieldId('isBulk')} label={t('signup.farmer.bulkAvailable')} {...register('isBulk')} />
          </Box>
        </FormSection>

        <PhotosField control={control} photos={photos} onChange={setPhotos} onBusyChange={setPhotosBusy} />

        <Box>
          <CheckboxField
            {...register('agreeToTerms')}
            {...controlProps(fieldId('agreeToTerms'), { error: tm(messageOf(errors.agreeToTerms)), required: true })}
            label={
              <>
                {agreeBefore}
                <Link href="/terms-of-use" target="_blank" rel="noopener" variant="underline" colorPalette="brand">
                  {t('signup.farmer.termsOfUse')}
                  <chakra.span srOnly> {t('signup.farmer.opensInNewTab')}</chakra.span>
                </Link>
                {agreeAfter}
                <RequiredMark />
              </>
            }
          />
          <FieldError id={fieldId('agreeToTerms')} message={tm(messageOf(errors.agreeToTerms))} />
        </Box>

        {refusal ? <RefusalNote text={t('signup.refused.signup', { message: translateMessage(refusal) })} /> : null}
        {serverFailed ? <ServerFailureNote message={`${tm(m.submitFailed)}. ${tm(messages.farmReviews.submitFailedDescription)}`} /> : null}

        <Flex gap="3" wrap="wrap" direction={{ base: 'column-reverse', sm: 'row' }} justify="flex-end">
          <Button type="button" variant="outline" onClick={onCancel} disabled={isSubmitting}>
            {t('signup.farmer.cancel')}
          </Button>
          <Button type="submit" colorPalette="brand" disabled={isSubmitting || photosBusy}>
            {t(isSubmitting ? 'signup.farmer.submitting' : photosBusy ? 'signup.farmer.preparingPhoto' : 'signup.farmer.submit')}
          </Button>
        </Flex>
        <HoneypotField inputRef={honeypot} />
      </chakra.form>
    </Box>
  )
}

type FormControl = ReturnType<typeof useForm<FarmerSignupInput, unknown, FarmerSignup>>['control']

function ListStatus({ loading, error, loadingText, errorText, onRetry }: { loading: boolean; error: boolean; loadingText: string; errorText: string; onRetry: () => void }) {
  const t = useT()
  if (loading) {
    return (
      <Text role="status" color="fg.muted">
        {loadingText}
      </Text>
    )
  }
  if (error) {
    return (
      <Flex role="alert" gap="3" align="center" wrap="wrap">
        <Text color="fg.error">{errorText}</Text>
        <Button type="button" size="sm" variant="outline" onClick={onRetry}>
          {t('signup.farmer.tryAgain')}
        </Button>
      </Flex>
    )
  }
  return null
}

const groupProps = (id: string, error?: string, hintId?: string) => ({
  id,
  tabIndex: -1,
  'aria-describedby': [hintId, error ? `${id}-error` : null].filter(Boolean).join(' ') || undefined,
})

function CitiesField({ control }: { control: FormControl }) {
  const { field, fieldState } = useController({ control, name: 'cities' })
  const locations = useReferenceList<PublicLocation>('locations')
  const t = useT()
  const tm = useTranslateMessage()
  const selected = field.value ?? []
  const id = fieldId('cities')
  const error = tm(fieldState.error?.message)
  return (
    <chakra.fieldset {...groupProps(id, error, `${id}-hint`)} minW="0" _focusVisible={{ outline: '2px solid', outlineColor: 'brand.700', outlineOffset: '4px' }}>
      <chakra.legend fontWeight="medium" p="0">
        {t('signup.farmer.towns')}
        <RequiredMark />
      </chakra.legend>
      <Text id={`${id}-hint`} fontSize="sm" color="fg.muted" mb="2">
        {t('signup.farmer.townsHint')} {selected.length > 0 ? t('signup.farmer.townsSelected', { count: selected.length }) : ''}
      </Text>
      <ListStatus
        loading={locations.isPending}
        error={locations.isError}
        loadingText={t('signup.farmer.loadingTowns')}
        errorText={translateMessage(messages.browse.failedToFetchLocations)}
        onRetry={() => void locations.refetch()}
      />
      {locations.data ? (
        <SimpleGrid columns={{ base: 2, sm: 3, md: 4 }} gapX="4" gapY="0.5">
          <UnlistedTicks id={id} selected={selected} listed={locations.data} onUntick={(name) => field.onChange(selected.filter((n) => n !== name))} />
          {locations.data.map((location) => (
            <CheckboxField
              key={location.id}
              id={`${id}-${location.id}`}
              name="cities"
              value={location.name}
              label={location.name}
              checked={selected.includes(location.name)}
              onChange={(e) => field.onChange(toggleLimited(selected, location.name, e.currentTarget.checked))}
              onBlur={field.onBlur}
            />
          ))}
        </SimpleGrid>
      ) : null}
      <FieldError id={id} message={error} />
    </chakra.fieldset>
  )
}

/**
 * Names ticked earlier (a restored draft, a refused signup) that are no longer on the list, e.g. a
 * town staff removed: shown ticked and flagged so they can be unticked, never hidden in the values.
 */
function UnlistedTicks({ id, selected, listed, onUntick }: { id: string; selected: readonly string[]; listed: readonly { name: string }[]; onUntick: (name: string) => void }) {
  const t = useT()
  const known = new Set(listed.map((item) => item.name))
  return selected
    .filter((name) => !known.has(name))
    .map((name) => (
      <CheckboxField
        key={`unlisted-${name}`}
        id={`${id}-unlisted-${name.replace(/\W+/g, '-')}`}
        label={
          <chakra.span color="fg.error" fontWeight="semibold">
            {t('signup.farmer.notOnList', { name })}
          </chakra.span>
        }
        checked
        onChange={() => onUntick(name)}
      />
    ))
}

function ProduceField({ control }: { control: FormControl }) {
  const { field, fieldState } = useController({ control, name: 'produce' })
  const produce = useReferenceList<PublicProduce>('produce')
  const t = useT()
  const tm = useTranslateMessage()
  const selected = field.value ?? []
  const id = fieldId('produce')
  const error = tm(fieldState.error?.message)
  // Shown when a tick beyond the limit was ignored.
  const [ignoredTick, setIgnoredTick] = useState(false)
  const atMax = selected.length >= MAX_PRODUCE_PER_FARMER

  return (
    <FormSection
      {...groupProps(id, error, `${id}-count`)}
      title={t('signup.farmer.produce')}
      description={t('signup.farmer.produceDescription', { max: MAX_PRODUCE_PER_FARMER })}
    >
      <Box>
        {/* Sticky while the list scrolls by: the count, and the message for an ignored 6th tick, stay on a phone's screen. */}
        <Text
          id={`${id}-count`}
          aria-live="polite"
          fontWeight="semibold"
          color={atMax ? 'brand.800' : 'fg.muted'}
          mb="2"
          position="sticky"
          top="0"
          zIndex="1"
          bg="white"
          py="2"
          borderBottomWidth="1px"
          borderColor="gray.200"
        >
          {t('signup.farmer.produceCount', { count: selected.length, max: MAX_PRODUCE_PER_FARMER })}
          {ignoredTick && atMax ? (
            <chakra.span display="block" fontWeight="normal" color="fg.warning">
              {t('signup.farmer.produceAtMax', { max: MAX_PRODUCE_PER_FARMER })}
            </chakra.span>
          ) : null}
        </Text>
        <ListStatus
          loading={produce.isPending}
          error={produce.isError}
          loadingText={t('signup.farmer.loadingProduce')}
          errorText={translateMessage(messages.browse.failedToFetchProduce)}
          onRetry={() => void produce.refetch()}
        />
        {produce.data ? (
          <Flex direction="column" gap="4">
            <UnlistedTicks id={id} selected={selected} listed={produce.data} onUntick={(name) => field.onChange(selected.filter((n) => n !== name))} />
            {groupProduceByCategory(produce.data).map((group) => (
              <chakra.fieldset key={group.category} minW="0">
                <chakra.legend p="0" fontSize="sm" fontWeight="semibold" color="gray.700" textTransform="uppercase" letterSpacing="wide" mb="1">
                  {/* The server's name for produce without a category is a word of the product, not staff data. */}
                  {group.category === 'Other' ? t('signup.farmer.otherCategory') : group.category}
                </chakra.legend>
                <SimpleGrid columns={{ base: 1, sm: 2, md: 3 }} gapX="4" gapY="0.5">
                  {group.items.map((item) => (
                    <CheckboxField
                      key={item.id}
                      id={`${id}-${item.id}`}
                      name="produce"
                      value={item.name}
                      label={item.name}
                      checked={selected.includes(item.name)}
                      onChange={(e) => {
                        const checked = e.currentTarget.checked
                        setIgnoredTick(checked && atMax && !selected.includes(item.name))
                        field.onChange(toggleLimited(selected, item.name, checked, MAX_PRODUCE_PER_FARMER))
                      }}
                      onBlur={field.onBlur}
                    />
                  ))}
                </SimpleGrid>
              </chakra.fieldset>
            ))}
          </Flex>
        ) : null}
      </Box>
      <FieldError id={id} message={error} />
    </FormSection>
  )
}

function SubscriptionSection({
  control,
  register,
  errors,
}: {
  control: FormControl
  register: ReturnType<typeof useForm<FarmerSignupInput, unknown, FarmerSignup>>['register']
  errors: FieldErrors<FarmerSignupInput>
}) {
  const [start, end] = useWatch({ control, name: ['subscriptionStart', 'subscriptionEnd'] })
  const t = useT()
  const tm = useTranslateMessage()
  const days = subscriptionDays(start, end)
  const rate = formatFjd(DEFAULT_DAILY_RATE)
  const date = (name: 'subscriptionStart' | 'subscriptionEnd', label: string) => {
    const id = fieldId(name)
    const error = tm(messageOf(errors[name]))
    return (
      <FormField id={id} label={label} required error={error}>
        <TextInput
          {...register(name)}
          {...controlProps(id, { error, required: true })}
          type="date"
          min={name === 'subscriptionEnd' ? dayAfter(start) : undefined}
          bg="white"
          borderColor="gray.400"
        />
      </FormField>
    )
  }
  return (
    <FormSection title={t('signup.farmer.subscription')} description={t('signup.farmer.subscriptionDescription')}>
      <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4">
        {date('subscriptionStart', t('signup.farmer.startDate'))}
        {date('subscriptionEnd', t('signup.farmer.endDate'))}
      </SimpleGrid>
      <Box aria-live="polite" bg="brand.50" borderRadius="md" px="4" py="3" color="brand.900">
        {days ? (
          <Text>
            <chakra.strong>{t('signup.farmer.estimate', { days, rate, total: formatFjd(days * DEFAULT_DAILY_RATE) })}</chakra.strong>{' '}
            {t('signup.farmer.estimateNote', { rate })}
          </Text>
        ) : (
          <Text>{t('signup.farmer.costPerDay', { rate })}</Text>
        )}
      </Box>
    </FormSection>
  )
}

function PhotosField({
  control,
  photos,
  onChange,
  onBusyChange,
}: {
  control: FormControl
  photos: readonly LocalPhoto[]
  onChange: (photos: LocalPhoto[]) => void
  onBusyChange: (busy: boolean) => void
}) {
  // The server's word on the photos (photoUrls) when it refused them.
  const { fieldState } = useController({ control, name: 'photoUrls' })
  const t = useT()
  const tm = useTranslateMessage()
  const id = fieldId('photoUrls')
  return (
    <FormSection title={t('signup.farmer.photos')} description={t('signup.farmer.photosDescription', { max: MAX_SIGNUP_PHOTOS })}>
      <LocalPhotoList id={id} itemLabel={t('signup.farmer.photoItem')} max={MAX_SIGNUP_PHOTOS} maxBytes={FARM_PHOTO_MAX_BYTES} value={photos} onChange={onChange} onBusyChange={onBusyChange} />
      <FieldError id={id} message={tm(messageOf(fieldState.error))} />
    </FormSection>
  )
}
