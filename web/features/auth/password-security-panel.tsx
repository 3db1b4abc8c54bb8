import { Box, Heading, Text } from '@chakra-ui/react'
import { PasswordStrengthMeter } from '../../shared/ui/password-strength-meter'

/** The sign-in's Password Security panel: the spec's strength meter for a password that breaks the rule. */
export function PasswordSecurityPanel({ password }: { password: string }) {
  return (
    <Box as="section" aria-labelledby="password-security" borderWidth="1px" borderColor="border.warning" rounded="md" p="4" fontSize="sm">
      <Heading as="h2" size="sm" id="password-security" mb="2">
        Password Security
      </Heading>
      <Text mb="2">This password does not meet the password rules. If you sign in with it, please change it afterwards.</Text>
      <PasswordStrengthMeter password={password} />
    </Box>
  )
}
