import { Box, Text } from '@chakra-ui/react'
import { messages } from '../../../../api/contract/messages'
import { useT } from '../../../i18n/runtime'

/**
 * Staff writes are online-only (offline-sync.md): while offline, say so plainly where the
 * write would happen. The write's button is disabled alongside.
 */
export function OfflineNotice({ isOnline }: { isOnline: boolean }) {
  const t = useT()
  if (isOnline) return null
  return (
    <Box role="status" borderWidth="1px" borderColor="border.warning" bg="bg.warning" rounded="md" px="4" py="3">
      <Text fontWeight="semibold" color="fg.warning">
        {messages.offline.youAreOffline}
      </Text>
      <Text fontSize="sm">{t('admin.offline.needsConnection')}</Text>
    </Box>
  )
}
