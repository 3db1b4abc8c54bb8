import { Box, Heading, Text } from '@chakra-ui/react'
import { PasswordStrengthMeter } from '../../shared/ui/password-strength-meter'
import { useT } from '../../i18n/runtime'

/** The sign-in's Password Security panel: the spec's strength meter for a password that breaks the rule. */
export function PasswordSecurityPanel({ password }: { password: string }) {
  const t = useT()
  return (
    <Box as="section" aria-labelledby="password-security" borderWidth="1px" borderColor="border.warning" rounded="md" p="4" fontSize="sm">
      <Heading as="h2" size="sm" id="password-security" mb="2">
        {t('auth.passwordSecurity.heading')}
      </Heading>
      <Text mb="2">{t('auth.passwordSecurity.body')}</Text>
      <PasswordStrengthMeter password={password} />
    </Box>
  )
}
