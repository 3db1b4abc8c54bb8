// /admin/email (spec 001 §2, global admin): from (one of the two senders), to, cc, bcc, subject
// and message with character counters. The screen says whether messages go out over SMTP or are
// only stored (clarifications, E-mail); a refusal by the mail server is shown as the server says it.
// Without the config there are no senders to choose, so a failed load says so and offers a retry.
import { Box, Button, Heading, Input, NativeSelect, Stack, Text, Textarea } from '@chakra-ui/react'
import { useQuery } from '@tanstack/react-query'
import { useState, type FormEvent } from 'react'
import { EMAIL_BODY_MAX, EMAIL_SUBJECT_MAX, makeSendEmailSchema, type EmailConfig } from '../../../../api/contract/email'
import { messages } from '../../../../api/contract/messages'
import { apiRequest } from '../../../shared/api'
import { useIsOnline } from '../../../shared/session'
import { useDocumentTitle } from '../../../shared/site'
import { LoadError } from '../../../shared/ui/load-state'
import { messageOr, toastError, toastSuccess, useLoadErrorToast } from '../feedback'
import { BackToDashboard } from '../ui/back-to-dashboard'
import { FormField } from '../ui/form-field'
import { useT } from '../../../i18n/runtime'
import { focusFirstInvalid } from '../ui/focus-first-invalid'

const m = messages.email
/** product: the spec names no text for this load; worded like its other load failures. */
const FAILED_TO_FETCH_CONFIG = 'admin.email.failedToFetchConfig'
type Values = { from: string; to: string; cc: string; bcc: string; subject: string; body: string }
type FieldName = keyof Values
const blank: Omit<Values, 'from'> = { to: '', cc: '', bcc: '', subject: '', body: '' }

function ModeNotice({ config }: { config: EmailConfig | undefined }) {
  const t = useT()
  if (!config) return null
  const isSmtp = config.mode === 'smtp'
  return (
    <Box role="status" borderWidth="1px" rounded="md" px="4" py="3" borderColor={isSmtp ? 'border.success' : 'border.warning'} bg={isSmtp ? 'bg.success' : 'bg.warning'}>
      <Text fontWeight="semibold">{isSmtp ? t('admin.email.modeSmtp') : t('admin.email.modeStored')}</Text>
      <Text fontSize="sm">
        {isSmtp ? t('admin.email.modeSmtpBody') : t('admin.email.modeStoredBody')}
      </Text>
    </Box>
  )
}

const Counter = ({ length, max }: { length: number; max: number }) => {
  const t = useT()
  return (
    <Text as="span" color={length > max ? 'fg.error' : undefined}>
      {t('admin.email.counter', { length, max })}
    </Text>
  )
}

export function SendEmailScreen() {
  const t = useT()
  useDocumentTitle(t('admin.screen.email'))
  const isOnline = useIsOnline()
  const config = useQuery<EmailConfig>({ queryKey: ['/api/admin/email/config'] })
  useLoadErrorToast(config.error, t(FAILED_TO_FETCH_CONFIG))
  const senders = config.data?.fromAddresses ?? []
  const [values, setValues] = useState<Values>({ from: '', ...blank })
  const [errors, setErrors] = useState<Partial<Record<FieldName, string>>>({})
  const [failure, setFailure] = useState<string | null>(null)
  const [isSending, setSending] = useState(false)
  const from = values.from || senders[0] || ''
  const set = (name: FieldName, value: string) => setValues((v) => ({ ...v, [name]: value }))

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    const domain = from.split('@')[1]
    const parsed = makeSendEmailSchema(domain).safeParse({ ...values, from })
    if (!parsed.success) {
      const found: Partial<Record<FieldName, string>> = {}
      for (const issue of parsed.error.issues) found[issue.path[0] as FieldName] ??= issue.message
      setErrors(found)
      focusFirstInvalid(event.currentTarget)
      return
    }
    setErrors({})
    setFailure(null)
    setSending(true)
    try {
      await apiRequest('POST', '/api/admin/send-email', parsed.data)
      toastSuccess(m.sent)
      setValues({ from, ...blank })
    } catch (error) {
      const text = messageOr(error, m.sendFailed)
      setFailure(text)
      toastError(text)
    } finally {
      setSending(false)
    }
  }

  const text = (name: 'to' | 'cc' | 'bcc' | 'subject', label: string, required = false) => (
    <FormField label={label} error={errors[name]} required={required} helperText={name === 'subject' ? <Counter length={values.subject.length} max={EMAIL_SUBJECT_MAX} /> : undefined}>
      <Input type={name === 'subject' ? 'text' : 'email'} autoComplete="off" value={values[name]} onChange={(e) => set(name, e.target.value)} />
    </FormField>
  )

  return (
    <Stack gap="6" maxW="48rem">
      <BackToDashboard />
      <Heading as="h1" size="2xl">
        {t('admin.screen.email')}
      </Heading>
      <ModeNotice config={config.data} />
      {config.isError && <LoadError message={t(FAILED_TO_FETCH_CONFIG)} onRetry={() => void config.refetch()} />}
      <form onSubmit={(event) => void submit(event)} noValidate>
        <Stack gap="4">
          <FormField label={t('admin.email.from')} error={errors.from} required>
            <NativeSelect.Root>
              <NativeSelect.Field value={from} onChange={(e) => set('from', e.target.value)}>
                {senders.map((address) => (
                  <option key={address} value={address}>
                    {address}
                  </option>
                ))}
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
          </FormField>
          {text('to', t('admin.email.to'), true)}
          {text('cc', t('admin.email.cc'))}
          {text('bcc', t('admin.email.bcc'))}
          {text('subject', t('admin.email.subject'), true)}
          <FormField label={t('admin.email.message')} error={errors.body} required helperText={<Counter length={values.body.length} max={EMAIL_BODY_MAX} />}>
            <Textarea rows={10} value={values.body} onChange={(e) => set('body', e.target.value)} />
          </FormField>
          {failure && (
            <Text role="alert" color="fg.error" borderWidth="1px" borderColor="border.error" bg="bg.error" rounded="md" px="4" py="3">
              {failure}
            </Text>
          )}
          <Button type="submit" colorPalette="brand" alignSelf="flex-start" disabled={!isOnline || !config.data} loading={isSending}>
            {t('admin.screen.email')}
          </Button>
        </Stack>
      </form>
    </Stack>
  )
}
