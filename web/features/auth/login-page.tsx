// Lazy chunk: staff sign-in (/login, spec 001 §2 and §8; clarifications "Sessions").
// Email, password, Remember me, back to home; the Password Security panel; 'You are offline'
// with the submit disabled while offline. On success the session is stored and /admin opens.
// Only the initial chunk's recipes are used here (button, input, heading, link): no extra theme.
import { Box, Button, Heading, Stack, Text, chakra } from '@chakra-ui/react'
import { zodResolver } from '@hookform/resolvers/zod'
import { useId } from 'react'
import { useForm, useWatch } from 'react-hook-form'
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router-dom'
import { LoginSchema, failsPasswordRule, type Login, type LoginInput } from '../../../api/contract/auth'
import { messages } from '../../../api/contract/messages'
import { useIsOnline, useSessionActions } from '../../shared/session'
import { useDocumentTitle } from '../../shared/site'
import { TextInput } from '../../shared/ui/text-input'
import { toast } from '../../shared/ui/toast'
import { PasswordSecurityPanel } from './password-security-panel'
import { ButtonLink } from '../../shared/ui/button-link'
import { useT } from '../../i18n/runtime'
import { translateMessage } from '../../i18n/messages'

/** Where to go after signing in: a same-site path from ?next= (e.g. the Outbox asking for it), else /admin. */
export function afterSignIn(next: string | null): string {
  return next && next.startsWith('/') && !next.startsWith('//') && !next.startsWith('/\\') ? next : '/admin'
}

export function LoginPage() {
  const t = useT()
  useDocumentTitle(t('auth.signIn.title'))
  const navigate = useNavigate()
  const [searchParams] = useSearchParams()
  const isOnline = useIsOnline()
  const { signIn } = useSessionActions()
  const ids = { email: useId(), password: useId(), remember: useId(), hint: useId(), emailError: useId(), passwordError: useId() }
  const { control, register, handleSubmit, formState, setFocus } = useForm<LoginInput, unknown, Login>({
    resolver: zodResolver(LoginSchema),
    defaultValues: { email: '', password: '', rememberMe: false },
  })
  const password = useWatch({ control, name: 'password' })
  // Shown while the typed password breaks the password rule — so also after a sign-in with such a
  // password fails, since the form keeps what was typed (spec 001 §2).
  const showSecurityPanel = password !== '' && failsPasswordRule(password)
  const { errors } = formState

  const onSubmit = handleSubmit(async (credentials) => {
    try {
      await signIn(credentials)
    } catch (error) {
      const message = error instanceof Error ? error.message : messages.auth.loginFailed
      // The server's and the form's English texts, shown in the reader's language.
      toast({
        title: translateMessage(messages.auth.loginFailed),
        description: message === messages.auth.loginFailed ? undefined : translateMessage(message),
        variant: 'destructive',
      })
      // The button pressed is disabled while it signs in, so focus fell to the page: back to the
      // password, to type it again (a keyboard or screen-reader user is not left at the top).
      setFocus('password')
      return
    }
    toast({ title: translateMessage(messages.auth.loginSuccessful), description: translateMessage(messages.auth.welcome) })
    void navigate(afterSignIn(searchParams.get('next')), { replace: true })
  })

  return (
    <Box maxW="md" mx="auto">
      <Heading as="h1" size="2xl" mb="2">
        {t('auth.signIn.title')}
      </Heading>
      <Text color="fg.muted" mb="6">
        {translateMessage(messages.auth.welcome)}
      </Text>

      {!isOnline && (
        <Box role="status" borderWidth="1px" borderColor="border.warning" bg="bg.warning" rounded="md" px="4" py="3" mb="4">
          <Text fontWeight="semibold" color="fg.warning">
            {translateMessage(messages.offline.youAreOffline)}
          </Text>
          <Text fontSize="sm">{t('auth.signIn.needsConnection')}</Text>
        </Box>
      )}

      <form onSubmit={onSubmit} noValidate>
        <Stack gap="4">
          <Box>
            <chakra.label htmlFor={ids.email} display="block" fontWeight="medium" mb="1">
              {t('auth.signIn.email')}
            </chakra.label>
            <TextInput
              id={ids.email}
              type="email"
              autoComplete="username"
              inputMode="email"
              aria-invalid={errors.email ? true : undefined}
              aria-describedby={errors.email ? ids.emailError : undefined}
              {...register('email')}
            />
            {errors.email && (
              <Text id={ids.emailError} color="fg.error" fontSize="sm" mt="1">
                {errors.email.message && translateMessage(errors.email.message)}
              </Text>
            )}
          </Box>

          <Box>
            <chakra.label htmlFor={ids.password} display="block" fontWeight="medium" mb="1">
              {t('auth.signIn.password')}
            </chakra.label>
            <TextInput
              id={ids.password}
              type="password"
              autoComplete="current-password"
              aria-invalid={errors.password ? true : undefined}
              aria-describedby={errors.password ? ids.passwordError : undefined}
              {...register('password')}
            />
            {errors.password && (
              <Text id={ids.passwordError} color="fg.error" fontSize="sm" mt="1">
                {errors.password.message && translateMessage(errors.password.message)}
              </Text>
            )}
          </Box>

          {showSecurityPanel && <PasswordSecurityPanel password={password} />}

          <Box>
            <chakra.label htmlFor={ids.remember} display="inline-flex" alignItems="center" gap="2" fontWeight="medium" cursor="pointer">
              <chakra.input
                id={ids.remember}
                type="checkbox"
                aria-describedby={ids.hint}
                boxSize="4"
                accentColor="brand.800"
                {...register('rememberMe')}
              />
              {t('auth.signIn.rememberMe')}
            </chakra.label>
            <Text id={ids.hint} fontSize="sm" color="fg.muted" ms="6">
              {translateMessage(messages.auth.rememberMeHint)}
            </Text>
          </Box>

          <Button type="submit" colorPalette="brand" disabled={!isOnline} loading={formState.isSubmitting} loadingText={t('auth.signIn.signingIn')}>
            {t('auth.signIn.submit')}
          </Button>
          <ButtonLink variant="outline">
            <RouterLink to="/">{t('ui.backToHome')}</RouterLink>
          </ButtonLink>
        </Stack>
      </form>
    </Box>
  )
}
