import { Box, HStack, Stack, Text } from '@chakra-ui/react'
import { passwordStrength } from '../../../api/contract/auth'

const barColour = ['red.600', 'red.600', 'orange.600', 'yellow.600', 'green.600', 'green.700'] as const

/** The spec's strength meter: five checks, labels Very Weak … Very Strong (contract passwordStrength). */
export function PasswordStrengthMeter({ password, id }: { password: string; id?: string }) {
  const { score, label, checks } = passwordStrength(password)
  return (
    <Stack id={id} gap="1.5" fontSize="sm">
      <HStack gap="1" role="meter" aria-label="Password strength" aria-valuemin={0} aria-valuemax={5} aria-valuenow={score} aria-valuetext={label}>
        {checks.map((check, i) => (
          <Box key={check.key} flex="1" h="1.5" rounded="full" bg={i < score ? barColour[score] : 'gray.200'} />
        ))}
      </HStack>
      <Text>
        Password strength: <strong>{label}</strong>
      </Text>
      <Stack as="ul" gap="0.5" listStyle="none" m="0" p="0">
        {checks.map((check) => (
          <Text as="li" key={check.key} color={check.passed ? 'fg.success' : 'fg.muted'}>
            <span aria-hidden="true">{check.passed ? '✓ ' : '○ '}</span>
            {check.message}
            <Box as="span" srOnly>
              {check.passed ? ' (met)' : ' (not met)'}
            </Box>
          </Text>
        ))}
      </Stack>
    </Stack>
  )
}
