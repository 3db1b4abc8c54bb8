import { Box, HStack, Stack, Text } from '@chakra-ui/react'
import { useEffect, useState } from 'react'
import { passwordStrength } from '../../../api/contract/auth'
import { isCommonPassword } from '../../../api/contract/common-passwords'
import { messages } from '../../../api/contract/messages'
import { useTranslateMessage } from '../../i18n/messages'
import { useT } from '../../i18n/runtime'

const NO_LIST: ReadonlySet<string> = new Set()
let commonList: Promise<ReadonlySet<string>> | undefined

/** The server's common-password list, fetched once when a meter first shows (staff screens only). */
function useCommonPasswordList(): ReadonlySet<string> {
  const [list, setList] = useState<ReadonlySet<string>>(NO_LIST)
  useEffect(() => {
    let isMounted = true
    commonList ??= import('../common-password-list').then((module) => module.commonPasswords)
    // Until it arrives (or if it cannot), the product's own words are still checked.
    commonList.then((loaded) => isMounted && setList(loaded)).catch(() => (commonList = undefined))
    return () => {
      isMounted = false
    }
  }, [])
  return list
}

const barColour = ['red.600', 'red.600', 'orange.600', 'yellow.600', 'green.600', 'green.700'] as const

/**
 * The spec's strength meter: five checks, labels Very Weak … Very Strong (contract passwordStrength).
 * A password the server refuses as common (the same rule, contract/common-passwords.ts) is shown
 * Very Weak with the server's words, so the meter never praises what the save will refuse.
 */
export function PasswordStrengthMeter({ password, id }: { password: string; id?: string }) {
  const strength = passwordStrength(password)
  const list = useCommonPasswordList()
  const isCommon = password.length > 0 && isCommonPassword(password, list)
  const { checks } = strength
  const score = isCommon ? 0 : strength.score
  const t = useT()
  const translate = useTranslateMessage()
  // The contract's labels, by score (0 Very Weak … 5 Very Strong), in the reader's language.
  const label = t(`ui.passwordStrength.level${score}`)
  return (
    <Stack id={id} gap="1.5" fontSize="sm">
      <HStack gap="1" role="meter" aria-label={t('ui.passwordStrength.label')} aria-valuemin={0} aria-valuemax={5} aria-valuenow={score} aria-valuetext={label}>
        {checks.map((check, i) => (
          <Box key={check.key} flex="1" h="1.5" rounded="full" bg={i < score ? barColour[score] : 'gray.200'} />
        ))}
      </HStack>
      <Text>
        {t('ui.passwordStrength.label')}: <strong>{label}</strong>
      </Text>
      <Stack as="ul" gap="0.5" listStyle="none" m="0" p="0">
        {checks.map((check) => (
          <Text as="li" key={check.key} color={check.passed ? 'fg.success' : 'fg.muted'}>
            <span aria-hidden="true">{check.passed ? '✓ ' : '○ '}</span>
            {/* The rule's words are validation messages (catalog area "validation"). */}
            {translate(check.message)}
            <Box as="span" srOnly>
              {' '}
              {check.passed ? t('ui.passwordStrength.met') : t('ui.passwordStrength.notMet')}
            </Box>
          </Text>
        ))}
        {isCommon && (
          <Text as="li" color="fg.error" data-testid="password-too-common">
            <span aria-hidden="true">✗ </span>
            {translate(messages.auth.passwordTooCommon)}
          </Text>
        )}
      </Stack>
    </Stack>
  )
}
