// Lazy chunk: the farmer signup form (spec 000 §2 "Farmer signup", §5, §8), public and in Data
// Agent Mode (any signed-in staff member: POST /api/data-agent/signup with the bearer token).
// Validation is the contract's FarmerSignupSchema through zodResolver, so the form and the
// server say the same words. Sending goes through the outbox (offline-sync.md): the signup and
// its photos are saved on this phone first, then sent; the screen says "Application Submitted!"
// only when the server has it, else "Saved on this phone". The form is autosaved as a draft.
import { Box, Button, Flex, Heading, Link, SimpleGrid, Text, chakra } from '@chakra-ui/react'
import { zodResolver } from '@hookform/resolvers/zod'
import { useRef, useState } from 'react'
import { useController, useForm, useWatch, type FieldErrors } from 'react-hook-form'
import { Link as RouterLink, useNavigate } from 'react-router-dom'
import {
  DEFAULT_DAILY_RATE,
  FARM_PHOTO_MAX_BYTES,
  FarmerSignupSchema,
  MAX_PRODUCE_PER_FARMER,
  MAX_SIGNUP_PHOTOS,
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
import { joinLabel, productName, useDocumentTitle } from '../../shared/site'
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
import { DraftNote, RefusalNote, ServerFailureNote, markIssues, submitQueued, useUnsavedGuard, type QueuedResult } from './queued-form'
import { OutcomeScreen } from './outcome-screen'
import { LocalPhotoList, type LocalPhoto } from './local-photos'
import { SavedOnPhone } from './saved-on-phone'
import { dayAfter, formatFjd, groupProduceByCategory, subscriptionDays, toggleLimited } from './signup-helpers'
import { queueFarmerSignup, type SignupMode } from './submit-farmer-signup'
import { ButtonLink } from '../../shared/ui/button-link'
import { countLabel } from '../../shared/plural'

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
  useDocumentTitle('Farmer Signup')
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

  if (result?.kind === 'sent') return <SignupSubmitted isDataAgent={isDataAgent} onAnother={onAnother} />
  if (result?.kind === 'saved') {
    return (
      <SavedOnPhone what={isDataAgent ? "The farmer's signup" : 'Your application'} reason={result.reason}>
        {isDataAgent ? (
          <Button variant="outline" colorPalette="brand" onClick={onAnother}>
            Sign Up Another Farmer
          </Button>
        ) : (
          <ButtonLink variant="outline" colorPalette="brand">
            <RouterLink to="/">Return to Home</RouterLink>
          </ButtonLink>
        )}
      </SavedOnPhone>
    )
  }
  return <FarmerSignupForm key={formKey} isDataAgent={isDataAgent} agent={agent} onDone={setResult} />
}

function SignupSubmitted({ isDataAgent, onAnother }: { isDataAgent: boolean; onAnother: () => void }) {
  return (
    <OutcomeScreen
      mark="✓"
      markColor="brand.800"
      title={m.submitted}
      lead={isDataAgent ? "Thank you. The farmer's application has been received." : 'Thank you. Your application has been received.'}
      note={
        <>
          Our team checks every application. Once it is approved, the farm is listed on {productName} and buyers can call or
          e-mail directly. If an e-mail address was given, the approval notice is sent there.
        </>
      }
    >
      <ButtonLink colorPalette="brand">
        <RouterLink to="/">Return to Home</RouterLink>
      </ButtonLink>
      {isDataAgent ? (
        <Button variant="outline" colorPalette="brand" onClick={onAnother}>
          Sign Up Another Farmer
        </Button>
      ) : null}
    </OutcomeScreen>
  )
}

function DataAgentBadge() {
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
      {m.dataAgentMode}
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
    formId: isDataAgent ? 'data-agent-signup' : 'farmer-signup',
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
  const dirty = useUnsavedGuard(hasInput, 'You have an unsaved farmer signup (its draft is saved on this phone).')

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
          toast({ title: messages.common.errorTitle, description: m.submitFailed, variant: 'destructive' })
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
    if (!window.confirm(m.cancelConfirm)) return
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

  const text = (name: FieldName, label: string, options: { required?: boolean; type?: string; hint?: string; autoComplete?: string; inputMode?: 'tel' | 'email' | 'url' | 'numeric' } = {}) => {
    const id = fieldId(name)
    const error = messageOf(errors[name])
    return (
      <FormField id={id} label={label} required={options.required} hint={options.hint} error={error}>
        <TextInput
          {...register(name)}
          {...controlProps(id, { error, hint: Boolean(options.hint), required: options.required })}
          type={options.type ?? 'text'}
          autoComplete={options.autoComplete}
          inputMode={options.inputMode}
          bg="white"
          borderColor="gray.400"
        />
      </FormField>
    )
  }

  const summary = showSummary ? summaryOf(errors) : []

  return (
    <Box maxW="3xl" mx="auto">
      <Flex gap="3" align="center" wrap="wrap">
        <Heading as="h1" size={{ base: '2xl', md: '3xl' }} color="brand.900">
          {isDataAgent ? 'Sign Up a Farmer' : joinLabel}
        </Heading>
        {isDataAgent ? <DataAgentBadge /> : null}
      </Flex>
      <Text mt="2" fontSize="lg">
        {isDataAgent
          ? "Fill in the farmer's details. The signup is recorded under your name and checked by the team before the farm goes live."
          : `List your farm on ${productName} so buyers across Fiji can find you and contact you directly. Our team checks every application before it goes live.`}
      </Text>
      <RequiredFieldsNote />

      {draft.status === 'restored' ? <DraftNote hasPhotos={photos.length > 0} onDiscard={() => void discardDraft()} /> : null}

      <ErrorSummary errors={summary} focusKey={summaryFocus} />

      <chakra.form noValidate onSubmit={(e) => void handleSubmit(onValid, onInvalid)(e)} display="flex" flexDirection="column" gap="6" aria-busy={isSubmitting}>
        <FormSection title="Basic Information">
          {text('name', 'Name', { required: true, autoComplete: 'name' })}
          {text('phone', 'Phone', { required: true, type: 'tel', inputMode: 'tel', autoComplete: 'tel' })}
          {text('email', 'Email', { type: 'email', inputMode: 'email', autoComplete: 'email', hint: 'Your approval notice is sent to this address.' })}
          {text('website', 'Website', { type: 'url', inputMode: 'url', autoComplete: 'url', hint: 'For example https://www.myfarm.com.fj' })}
        </FormSection>

        <FormSection title="Location Information">
          {text('town', 'Village', { autoComplete: 'address-level3' })}
          {text('tikina', 'Tikina')}
          <CitiesField control={control} />
        </FormSection>

        <ProduceField control={control} />

        <SubscriptionSection control={control} register={register} errors={errors} />

        <FormSection title="Additional Information">
          {text('mpaisaNumber', 'M-PAiSA Number', { type: 'tel', inputMode: 'tel' })}
          {text('mpaisaReceiptNumber', 'M-PAiSA Receipt Number')}
          {text('paymentDate', 'Payment Date', { type: 'date' })}
          <FormField id={fieldId('comments')} label="Comments" error={messageOf(errors.comments)}>
            <TextArea
              {...register('comments')}
              {...controlProps(fieldId('comments'), { error: messageOf(errors.comments) })}
              rows={4}
              bg="white"
              borderColor="gray.400"
            />
          </FormField>
          <Box>
            <CheckboxField id={fieldId('deliveryAvailable')} label="Delivery Available" {...register('deliveryAvailable')} />
            <CheckboxField id={fieldId('isBulk')} label="Bulk Available" {...register('isBulk')} />
          </Box>
        </FormSection>

        <PhotosField control={control} photos={photos} onChange={setPhotos} onBusyChange={setPhotosBusy} />

        <Box>
          <CheckboxField
            {...register('agreeToTerms')}
            {...controlProps(fieldId('agreeToTerms'), { error: messageOf(errors.agreeToTerms), required: true })}
            label={
              <>
                I agree to the{' '}
                <Link href="/terms-of-use" target="_blank" rel="noopener" variant="underline" colorPalette="brand">
                  Terms of Use
                  <chakra.span srOnly> (opens in a new tab)</chakra.span>
                </Link>
                <RequiredMark />
              </>
            }
          />
          <FieldError id={fieldId('agreeToTerms')} message={messageOf(errors.agreeToTerms)} />
        </Box>

        {refusal ? <RefusalNote what="signup" message={refusal} /> : null}
        {serverFailed ? <ServerFailureNote message={`${m.submitFailed}. Please try again.`} /> : null}

        <Flex gap="3" wrap="wrap" direction={{ base: 'column-reverse', sm: 'row' }} justify="flex-end">
          <Button type="button" variant="outline" onClick={onCancel} disabled={isSubmitting}>
            Cancel
          </Button>
          <Button type="submit" colorPalette="brand" disabled={isSubmitting || photosBusy}>
            {isSubmitting ? 'Submitting…' : photosBusy ? 'Preparing photo…' : 'Submit Application'}
          </Button>
        </Flex>
        <HoneypotField inputRef={honeypot} />
      </chakra.form>
    </Box>
  )
}

type FormControl = ReturnType<typeof useForm<FarmerSignupInput, unknown, FarmerSignup>>['control']

function ListStatus({ loading, error, loadingText, errorText, onRetry }: { loading: boolean; error: boolean; loadingText: string; errorText: string; onRetry: () => void }) {
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
          Try Again
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
  const selected = field.value ?? []
  const id = fieldId('cities')
  const error = fieldState.error?.message
  return (
    <chakra.fieldset {...groupProps(id, error, `${id}-hint`)} minW="0" _focusVisible={{ outline: '2px solid', outlineColor: 'brand.700', outlineOffset: '4px' }}>
      <chakra.legend fontWeight="medium" p="0">
        Nearest Towns/Cities
        <RequiredMark />
      </chakra.legend>
      <Text id={`${id}-hint`} fontSize="sm" color="fg.muted" mb="2">
        Tick every town or city where buyers can find your produce. {selected.length > 0 ? `${selected.length} selected.` : ''}
      </Text>
      <ListStatus
        loading={locations.isPending}
        error={locations.isError}
        loadingText="Loading towns and cities…"
        errorText={messages.browse.failedToFetchLocations}
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
  const known = new Set(listed.map((item) => item.name))
  return selected
    .filter((name) => !known.has(name))
    .map((name) => (
      <CheckboxField
        key={`unlisted-${name}`}
        id={`${id}-unlisted-${name.replace(/\W+/g, '-')}`}
        label={
          <chakra.span color="fg.error" fontWeight="semibold">
            {name} (not on the list: untick it)
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
  const selected = field.value ?? []
  const id = fieldId('produce')
  const error = fieldState.error?.message
  // Shown when a tick beyond the limit was ignored.
  const [ignoredTick, setIgnoredTick] = useState(false)
  const atMax = selected.length >= MAX_PRODUCE_PER_FARMER

  return (
    <FormSection
      {...groupProps(id, error, `${id}-count`)}
      title="Produce"
      description={`Choose up to ${MAX_PRODUCE_PER_FARMER} things you grow or sell. Buyers search by these.`}
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
          {selected.length}/{MAX_PRODUCE_PER_FARMER} selected
          {ignoredTick && atMax ? (
            <chakra.span display="block" fontWeight="normal" color="fg.warning">
              {m.produceMax}. Untick one to choose another.
            </chakra.span>
          ) : null}
        </Text>
        <ListStatus
          loading={produce.isPending}
          error={produce.isError}
          loadingText="Loading produce…"
          errorText={messages.browse.failedToFetchProduce}
          onRetry={() => void produce.refetch()}
        />
        {produce.data ? (
          <Flex direction="column" gap="4">
            <UnlistedTicks id={id} selected={selected} listed={produce.data} onUntick={(name) => field.onChange(selected.filter((n) => n !== name))} />
            {groupProduceByCategory(produce.data).map((group) => (
              <chakra.fieldset key={group.category} minW="0">
                <chakra.legend p="0" fontSize="sm" fontWeight="semibold" color="gray.700" textTransform="uppercase" letterSpacing="wide" mb="1">
                  {group.category}
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
  const days = subscriptionDays(start, end)
  const date = (name: 'subscriptionStart' | 'subscriptionEnd', label: string) => {
    const id = fieldId(name)
    const error = messageOf(errors[name])
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
    <FormSection title="Subscription Duration" description="The dates your listing should run. Listing costs a small daily fee, paid by M-PAiSA.">
      <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4">
        {date('subscriptionStart', 'Start Date')}
        {date('subscriptionEnd', 'End Date')}
      </SimpleGrid>
      <Box aria-live="polite" bg="brand.50" borderRadius="md" px="4" py="3" color="brand.900">
        {days ? (
          <Text>
            <chakra.strong>
              {countLabel(days, 'day')} × {formatFjd(DEFAULT_DAILY_RATE)} = {formatFjd(days * DEFAULT_DAILY_RATE)}
            </chakra.strong>{' '}
            (estimated at the standard rate of {formatFjd(DEFAULT_DAILY_RATE)} per day)
          </Text>
        ) : (
          <Text>Listing costs {formatFjd(DEFAULT_DAILY_RATE)} per day. Choose both dates to see the total.</Text>
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
  const id = fieldId('photoUrls')
  return (
    <FormSection
      title="Farm Photos"
      description={`Optional. Up to ${MAX_SIGNUP_PHOTOS} photos of your farm or produce (images up to 5 MB each). They are made smaller on this phone and sent with the signup, so they work without coverage too. Approved farms show their first photo.`}
    >
      <LocalPhotoList id={id} itemLabel="Farm Photo" max={MAX_SIGNUP_PHOTOS} maxBytes={FARM_PHOTO_MAX_BYTES} value={photos} onChange={onChange} onBusyChange={onBusyChange} />
      <FieldError id={id} message={messageOf(fieldState.error)} />
    </FormSection>
  )
}
