import { Box, Button, Flex, Text } from '@chakra-ui/react'
import { useT } from '../../i18n/runtime'
import { usePwaUpdate } from '../pwa'

/**
 * 'A new version is available' with Reload (prompt-mode service worker). Reload never throws
 * away a form: a dirty form keeps the page ('Finish or save your form first'; forms with drafts
 * save theirs first), and sending in progress delays the reload until it ends.
 */
export function UpdateBanner() {
  const { updateAvailable, blockedBy, waitingFor, reload, dismiss } = usePwaUpdate()
  const t = useT()
  if (!updateAvailable) return null
  const waiting = waitingFor.length > 0
  return (
    <Box
      role="region"
      aria-label={t('layout.update.label')}
      position="fixed"
      insetX="0"
      bottom="0"
      zIndex="banner"
      bg="gray.900"
      color="white"
      px="4"
      py="3"
      boxShadow="lg"
    >
      <Flex maxW="5xl" mx="auto" gap="3" align="center" wrap="wrap">
        <Box flex="1" minW="12rem" role="status" aria-live="polite">
          <Text fontWeight="semibold">{t('layout.update.available')}</Text>
          {blockedBy.map((reason) => (
            <Text key={reason} fontSize="sm">
              {reason} {t('layout.update.finishFormFirst')}
            </Text>
          ))}
          {waiting ? (
            <Text fontSize="sm">{t('layout.update.waitingForSending')}</Text>
          ) : null}
        </Box>
        <Button size="sm" colorPalette="brand" disabled={waiting} onClick={() => void reload()}>
          {waiting ? t('layout.update.waiting') : t('layout.update.reload')}
        </Button>
        <Button size="sm" variant="outline" color="white" borderColor="whiteAlpha.700" _hover={{ bg: 'whiteAlpha.200' }} onClick={dismiss}>
          {t('layout.update.later')}
        </Button>
      </Flex>
    </Box>
  )
}
