import { Box, Text } from '@chakra-ui/react'
import { messages } from '../../../../api/contract/messages'

/**
 * Staff writes are online-only (offline-sync.md): while offline, say so plainly where the
 * write would happen. The write's button is disabled alongside.
 */
export function OfflineNotice({ isOnline }: { isOnline: boolean }) {
  if (isOnline) return null
  return (
    <Box role="status" borderWidth="1px" borderColor="border.warning" bg="bg.warning" rounded="md" px="4" py="3">
      <Text fontWeight="semibold" color="fg.warning">
        {messages.offline.youAreOffline}
      </Text>
      <Text fontSize="sm">Changes in the back office need a connection. Reconnect to save; nothing is stored on this device.</Text>
    </Box>
  )
}
