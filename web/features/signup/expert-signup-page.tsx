// Lazy chunk: expert self-registration (spec 000 §2 "Expert registration", §5 expert form, §8).
// Validation is the contract's ExpertRegistrationSchema; the photo goes through the public
// upload flow (5 MB). Self-registered experts appear once an administrator activates them.
import { Box, Button, Flex, Heading, Text, chakra } from '@chakra-ui/react'
import { zodResolver } from '@hookform/resolvers/zod'
import { useEffect, useRef, useState } from 'react'
import { useController, useForm, type FieldErrors } from 'react-hook-form'
import { Link as RouterLink } from 'react-router-dom'
import {
  EXPERTISE_OPTIONS,
  ExpertRegistrationSchema,
  messages,
  type ExpertRegistration,
  type ExpertRegistrationInput,
} from '../../../api/contract'
import { addReloadGuard } from '../../shared/reload-guard'
import { productName, useDocumentTitle } from '../../shared/site'
import { PhotoUpload } from '../../shared/ui/photo-upload'
import { newIdempotencyKey } from '../../shared/ui/submit-helpers'
import { toast } from '../../shared/ui/toast'
import { ErrorSummary, FormField, FormSection, RequiredMark, SelectInput, TextArea, TextInput, controlProps, type SummaryError } from './form-parts'
import { serverIssues } from './server-error'
import { submitExpertRegistration } from './submit-expert-registration'

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

export function ExpertSignupPage() {
  useDocumentTitle('Expert Registration')
  const [submitted, setSubmitted] = useState(false)
  return submitted ? <RegistrationSubmitted /> : <ExpertSignupForm onSubmitted={() => setSubmitted(true)} />
}

function RegistrationSubmitted() {
  const heading = useRef<HTMLHeadingElement>(null)
  useEffect(() => {
    heading.current?.focus()
    window.scrollTo(0, 0)
  }, [])
  return (
    <Box maxW="2xl" mx="auto" textAlign="center" py={{ base: '6', md: '12' }}>
      <Box aria-hidden="true" fontSize="5xl" lineHeight="1" mb="4" color="brand.800">
        ✓
      </Box>
      <Heading as="h1" ref={heading} tabIndex={-1} size="3xl" color="brand.900" outline="none">
        {m.registrationSubmitted}
      </Heading>
      <Text mt="4" fontSize="lg">
        Vinaka vakalevu — thank you for offering your knowledge to Fiji&apos;s farmers.
      </Text>
      <Text mt="2" color="fg.muted">
        Our team will review your details. Once your profile is activated it appears in the {productName} expert directory,
        where farmers can call or e-mail you directly.
      </Text>
      <Button asChild colorPalette="brand" mt="8">
        <RouterLink to="/">Return to Homepage</RouterLink>
      </Button>
    </Box>
  )
}

function ExpertSignupForm({ onSubmitted }: { onSubmitted: () => void }) {
  const {
    register,
    handleSubmit,
    control,
    setError,
    formState: { errors, isSubmitting, isDirty },
  } = useForm<ExpertRegistrationInput, unknown, ExpertRegistration>({
    resolver: zodResolver(ExpertRegistrationSchema),
    defaultValues: emptyForm,
    shouldFocusError: false,
  })
  const photo = useController({ control, name: 'photoUrl' })
  const idempotencyKey = useRef<string | null>(null)
  const [showSummary, setShowSummary] = useState(false)
  const [summaryFocus, setSummaryFocus] = useState(0)
  const [photoBusy, setPhotoBusy] = useState(false)

  const dirty = useRef(false)
  useEffect(() => {
    dirty.current = isDirty
  }, [isDirty])
  useEffect(() => addReloadGuard({ reason: 'You have an unsaved expert registration.', blocking: () => dirty.current }), [])

  const onInvalid = () => {
    setShowSummary(true)
    setSummaryFocus((n) => n + 1)
  }

  const onValid = async (values: ExpertRegistration) => {
    setShowSummary(false)
    idempotencyKey.current ??= newIdempotencyKey()
    try {
      await submitExpertRegistration(values, { idempotencyKey: idempotencyKey.current })
      dirty.current = false
      onSubmitted()
    } catch (error) {
      let fieldIssues = 0
      for (const issue of serverIssues(error)) {
        const name = issue.path.split('.')[0] ?? ''
        if ((fieldOrder as readonly string[]).includes(name)) {
          setError(name as FieldName, { type: 'server', message: issue.message })
          fieldIssues++
        }
      }
      if (fieldIssues > 0) onInvalid()
      toast({ title: messages.common.errorTitle, description: m.registrationFailed, variant: 'destructive' })
    }
  }

  const text = (name: Exclude<FieldName, 'photoUrl'>, label: string, options: { required?: boolean; type?: string; autoComplete?: string; inputMode?: 'tel' | 'email' } = {}) => {
    const id = fieldId(name)
    const error = errors[name]?.message
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

  const summary = showSummary ? summaryOf(errors) : []
  const expertFieldError = errors.expertField?.message
  const commentsError = errors.comments?.message

  return (
    <Box maxW="2xl" mx="auto">
      <Heading as="h1" size={{ base: '2xl', md: '3xl' }} color="brand.900">
        Expert Registration
      </Heading>
      <Text mt="2" fontSize="lg">
        Are you an agronomist, vet, extension officer or other agriculture specialist? Join the {productName} expert directory
        so farmers across Fiji can reach you for advice.
      </Text>
      <Text mt="1" mb="6" color="fg.muted">
        Fields marked <RequiredMark /> <chakra.span srOnly>with a star</chakra.span> are required.
      </Text>

      <ErrorSummary errors={summary} focusKey={summaryFocus} />

      <chakra.form noValidate onSubmit={(e) => void handleSubmit(onValid, onInvalid)(e)} display="flex" flexDirection="column" gap="6" aria-busy={isSubmitting}>
        <FormSection title="Your Details">
          {text('name', 'Full Name', { required: true, autoComplete: 'name' })}
          {text('company', 'Company / Organisation', { autoComplete: 'organization' })}
          <FormField id={fieldId('expertField')} label="Area of Expertise" error={expertFieldError}>
            <SelectInput {...register('expertField')} {...controlProps(fieldId('expertField'), { error: expertFieldError })} bgColor="white" borderColor="gray.400">
              <option value="">Select your area of expertise</option>
              {EXPERTISE_OPTIONS.map((option) => (
                <option key={option} value={option}>
                  {option}
                </option>
              ))}
            </SelectInput>
          </FormField>
          {text('contactNumber', 'Contact Number', { required: true, type: 'tel', inputMode: 'tel', autoComplete: 'tel' })}
          {text('email', 'Email', { required: true, type: 'email', inputMode: 'email', autoComplete: 'email' })}
        </FormSection>

        <FormSection title="Profile Photo" description="Optional. A clear photo of your face helps farmers recognise you (an image up to 5 MB).">
          <PhotoUpload
            id={fieldId('photoUrl')}
            label="Profile Photo"
            mode="public"
            value={photo.field.value || null}
            onChange={(path) => photo.field.onChange(path ?? '')}
            onUploaded={() => toast({ title: m.photoUploaded })}
            onBusyChange={setPhotoBusy}
          />
          {photo.fieldState.error?.message ? (
            <Text id={`${fieldId('photoUrl')}-error`} fontSize="sm" color="fg.error" fontWeight="medium">
              {photo.fieldState.error.message}
            </Text>
          ) : null}
        </FormSection>

        <FormSection title="Additional Information">
          <FormField
            id={fieldId('comments')}
            label="About You"
            hint="Your background, qualifications, the crops or animals you know best, and when farmers can call you."
            error={commentsError}
          >
            <TextArea {...register('comments')} {...controlProps(fieldId('comments'), { error: commentsError, hint: true })} rows={5} bg="white" borderColor="gray.400" />
          </FormField>
        </FormSection>

        <Flex gap="3" justify="flex-end">
          <Button type="submit" colorPalette="brand" disabled={isSubmitting || photoBusy} width={{ base: 'full', sm: 'auto' }}>
            {isSubmitting ? 'Submitting…' : photoBusy ? 'Waiting for photo upload…' : 'Submit Registration'}
          </Button>
        </Flex>
      </chakra.form>
    </Box>
  )
}
