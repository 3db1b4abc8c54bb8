// Lazy chunk: expert self-registration (spec 000 §2 "Expert registration", §5 expert form, §8).
// Validation is the contract's ExpertRegistrationSchema. The registration and its photo go
// through the outbox (offline-sync.md): saved on this phone first (the photo made smaller here),
// then sent; "Registration Submitted!" only when the server has it, "Saved on this phone" when it
// could not be sent yet, and the spec's 'Failed to submit registration. Please try again.' when the
// server failed (the registration is withdrawn from the outbox and the form keeps its entries).
// The form is autosaved as a draft. Self-registered experts appear once an administrator
// activates them.
import { Box, Button, Flex, Heading, Text, chakra } from '@chakra-ui/react'
import { zodResolver } from '@hookform/resolvers/zod'
import { useCallback, useRef, useState } from 'react'
import { useForm, useWatch, type FieldErrors } from 'react-hook-form'
import { Link as RouterLink } from 'react-router-dom'
import {
  EXPERTISE_OPTIONS,
  EXPERT_PHOTO_MAX_BYTES,
  ExpertRegistrationSchema,
  messages,
  type ExpertField,
  type ExpertRegistration,
  type ExpertRegistrationInput,
} from '../../../api/contract'
import { useReferenceList } from '../../shared/outbox/reference'
import { type JsonObject } from '../../shared/outbox/runtime'
import { useDraft } from '../../shared/outbox/use-draft'
import { productName, useDocumentTitle } from '../../shared/site'
import { HoneypotField, honeypotOf } from '../../shared/ui/honeypot-field'
import { toast } from '../../shared/ui/toast'
import { ErrorSummary, FormField, FormSection, RequiredFieldsNote, SelectInput, TextArea, TextInput, controlProps, type SummaryError } from './form-parts'
import { LocalPhotoPicker, type LocalPhoto } from './local-photos'
import { DraftNoRoomNote, DraftNote, RefusalNote, ServerFailureNote, markIssues, submitQueued, type QueuedResult } from './queued-form'
import { useUnsavedGuard } from '../../shared/form-guard'
import { OutcomeScreen } from './outcome-screen'
import { SavedOnPhone } from './saved-on-phone'
import { queueExpertRegistration } from './submit-expert-registration'
import { ButtonLink } from '../../shared/ui/button-link'
import { LanguagePicker } from '../../shared/ui/language-picker'
import { useT } from '../../i18n/runtime'
import { translateMessage, useTranslateMessage } from '../../i18n/messages'

const m = messages.experts

type FieldName = keyof ExpertRegistrationInput

const emptyForm: ExpertRegistrationInput = {
  name: '',
  company: '',
  expertField: '',
  contactNumber: '',
  email: '',
  photoUrl: '',
  comments: '',
}

const fieldOrder: readonly FieldName[] = ['name', 'company', 'expertField', 'contactNumber', 'email', 'photoUrl', 'comments']
const fieldId = (name: FieldName) => `expert-${name}`

function summaryOf(errors: FieldErrors<ExpertRegistrationInput>): SummaryError[] {
  return fieldOrder.flatMap((name) => {
    const message = errors[name]?.message
    return message ? [{ id: fieldId(name), message }] : []
  })
}

type Result = QueuedResult

export function ExpertSignupPage() {
  const t = useT()
  useDocumentTitle(t('experts.register.pageTitle'))
  const [result, setResult] = useState<Result | null>(null)
  // The saved screen saw the server take it: the spec's success, as if it had answered at once.
  const onSent = useCallback(() => setResult({ kind: 'sent' }), [])
  if (result?.kind === 'sent') return <RegistrationSubmitted />
  if (result?.kind === 'saved') {
    return (
      <SavedOnPhone lead={t('experts.register.savedLead')} reason={result.reason} itemId={result.itemId} onSent={onSent}>
        <ButtonLink variant="outline" colorPalette="brand">
          <RouterLink to="/">{t('experts.register.returnHome')}</RouterLink>
        </ButtonLink>
      </SavedOnPhone>
    )
  }
  return <ExpertSignupForm onDone={setResult} />
}

/** The expertise options: the server's list (kept on this phone for offline use), else the spec's. */
function useExpertiseOptions(): readonly string[] {
  const fields = useReferenceList<ExpertField>('expertFields')
  const names = fields.data?.map((field) => field.name).filter((name) => typeof name === 'string' && name !== '')
  return names && names.length > 0 ? names : EXPERTISE_OPTIONS
}

function RegistrationSubmitted() {
  const t = useT()
  return (
    <OutcomeScreen
      mark="✓"
      markColor="brand.800"
      title={translateMessage(m.registrationSubmitted)}
      lead={t('experts.register.submittedLead')}
      note={t('experts.register.submittedNote', { productName })}
    >
      <ButtonLink colorPalette="brand">
        <RouterLink to="/">{t('experts.register.returnHome')}</RouterLink>
      </ButtonLink>
    </OutcomeScreen>
  )
}

function ExpertSignupForm({ onDone }: { onDone: (result: Result) => void }) {
  const {
    register,
    handleSubmit,
    control,
    setError,
    reset,
    formState: { errors, isSubmitting, isDirty },
  } = useForm<ExpertRegistrationInput, unknown, ExpertRegistration>({
    resolver: zodResolver(ExpertRegistrationSchema),
    defaultValues: emptyForm,
    shouldFocusError: false,
  })
  const expertiseOptions = useExpertiseOptions()
  const t = useT()
  const tm = useTranslateMessage()
  const [photo, setPhoto] = useState<LocalPhoto | null>(null)
  const [replaces, setReplaces] = useState<string | undefined>()
  const [refusal, setRefusal] = useState<string | null>(null)
  const [serverFailed, setServerFailed] = useState(false)
  const [showSummary, setShowSummary] = useState(false)
  const [summaryFocus, setSummaryFocus] = useState(0)
  const [photoBusy, setPhotoBusy] = useState(false)
  const hasInput = isDirty || photo !== null

  const values = useWatch({ control }) as JsonObject
  const draft = useDraft({
    formId: 'expert-signup',
    values,
    photos: photo ? [photo] : [],
    replaces,
    dirty: hasInput,
    onRestore: (stored) => {
      reset({ ...emptyForm, ...(stored.values as Partial<ExpertRegistrationInput>) }, { keepDefaultValues: true })
      setPhoto(stored.photos?.[0] ?? null)
      setReplaces(stored.replaces)
    },
  })

  const dirty = useUnsavedGuard(hasInput, t('experts.register.unsavedReason'))

  const onInvalid = () => {
    setShowSummary(true)
    setSummaryFocus((n) => n + 1)
  }

  const showIssues = (issues: readonly { path: string; message: string }[]) => {
    if (markIssues(issues, fieldOrder, (name, message) => setError(name, { type: 'server', message })) > 0) onInvalid()
  }

  const honeypot = useRef<HTMLInputElement>(null)

  const onValid = async (parsed: ExpertRegistration) => {
    setShowSummary(false)
    setRefusal(null)
    setServerFailed(false)
    await submitQueued({
      queue: () => queueExpertRegistration({ ...parsed, ...honeypotOf(honeypot.current) }, { photo, replaces }),
      showIssues,
      dirty,
      clearDraft: () => draft.clear(),
      saveDraft: () => draft.saveNow(),
      onServerFailure: () => {
        setServerFailed(true)
        toast({ title: translateMessage(messages.common.errorTitle), description: translateMessage(m.registrationFailed), variant: 'destructive' })
      },
      onRefused: (itemId, message) => {
        setReplaces(itemId)
        setRefusal(message)
      },
      onDone,
    })
  }

  const discardDraft = async () => {
    await draft.clear()
    reset(emptyForm)
    setPhoto(null)
    setReplaces(undefined)
    setRefusal(null)
  }

  const text = (name: Exclude<FieldName, 'photoUrl'>, label: string, options: { required?: boolean; type?: string; autoComplete?: string; inputMode?: 'tel' | 'email' } = {}) => {
    const id = fieldId(name)
    const error = tm(errors[name]?.message)
    return (
      <FormField id={id} label={label} required={options.required} error={error}>
        <TextInput
          {...register(name)}
          {...controlProps(id, { error, required: options.required })}
          type={options.type ?? 'text'}
          autoComplete={options.autoComplete}
          inputMode={options.inputMode}
          bg="white"
          borderColor="gray.400"
        />
      </FormField>
    )
  }

  const summary = showSummary ? summaryOf(errors).map((e) => ({ ...e, message: translateMessage(e.message) })) : []
  const expertFieldError = tm(errors.expertField?.message)
  const commentsError = tm(errors.comments?.message)

  return (
    <Box maxW="2xl" mx="auto">
      <Flex gap="3" align="center" wrap="wrap">
        <Heading as="h1" size={{ base: '2xl', md: '3xl' }} color="brand.900">
          {t('experts.register.pageTitle')}
        </Heading>
        <Box ms="auto">
          <LanguagePicker showLabel />
        </Box>
      </Flex>
      <Text mt="2" fontSize="lg">
        {t('experts.register.intro', { productName })}
      </Text>
      <RequiredFieldsNote />

      {draft.status === 'restored' ? <DraftNote hasPhotos={photo !== null} onDiscard={() => void discardDraft()} /> : null}
      {draft.noRoom ? <DraftNoRoomNote /> : null}

      <ErrorSummary errors={summary} focusKey={summaryFocus} />

      <chakra.form noValidate onSubmit={(e) => void handleSubmit(onValid, onInvalid)(e)} display="flex" flexDirection="column" gap="6" aria-busy={isSubmitting}>
        <FormSection title={t('experts.register.yourDetails')}>
          {text('name', t('experts.register.fullName'), { required: true, autoComplete: 'name' })}
          {text('company', t('experts.register.company'), { autoComplete: 'organization' })}
          <FormField id={fieldId('expertField')} label={t('experts.register.expertise')} error={expertFieldError}>
            <SelectInput {...register('expertField')} {...controlProps(fieldId('expertField'), { error: expertFieldError })} bgColor="white" borderColor="gray.400">
              <option value="">{t('experts.register.selectExpertise')}</option>
              {expertiseOptions.map((option) => (
                <option key={option} value={option}>
                  {option}
                </option>
              ))}
            </SelectInput>
          </FormField>
          {text('contactNumber', t('experts.register.contactNumber'), { required: true, type: 'tel', inputMode: 'tel', autoComplete: 'tel' })}
          {text('email', t('experts.register.email'), { required: true, type: 'email', inputMode: 'email', autoComplete: 'email' })}
        </FormSection>

        <FormSection
          title={t('experts.register.profilePhoto')}
          description={t('experts.register.profilePhotoDescription')}
        >
          <LocalPhotoPicker
            id={fieldId('photoUrl')}
            label={t('experts.register.profilePhoto')}
            maxBytes={EXPERT_PHOTO_MAX_BYTES}
            value={photo}
            onChange={setPhoto}
            onAdded={() => toast({ title: t('experts.register.photoAdded'), description: t('experts.register.photoAddedDescription') })}
            onBusyChange={setPhotoBusy}
          />
          {errors.photoUrl?.message ? (
            <Text id={`${fieldId('photoUrl')}-error`} fontSize="sm" color="fg.error" fontWeight="medium">
              {tm(errors.photoUrl.message)}
            </Text>
          ) : null}
        </FormSection>

        <FormSection title={t('experts.register.additionalInformation')}>
          <FormField
            id={fieldId('comments')}
            label={t('experts.register.aboutYou')}
            hint={t('experts.register.aboutYouHint')}
            error={commentsError}
          >
            <TextArea {...register('comments')} {...controlProps(fieldId('comments'), { error: commentsError, hint: true })} rows={5} bg="white" borderColor="gray.400" />
          </FormField>
        </FormSection>

        {refusal ? <RefusalNote text={t('signup.refused.registration', { message: translateMessage(refusal) })} /> : null}
        {serverFailed ? <ServerFailureNote message={tm(m.registrationFailed) ?? ''} /> : null}

        <Flex gap="3" justify="flex-end">
          <Button type="submit" colorPalette="brand" disabled={isSubmitting || photoBusy} width={{ base: 'full', sm: 'auto' }}>
            {t(isSubmitting ? 'signup.farmer.submitting' : photoBusy ? 'signup.farmer.preparingPhoto' : 'experts.register.submit')}
          </Button>
        </Flex>
        <HoneypotField inputRef={honeypot} />
      </chakra.form>
    </Box>
  )
}
