import { Box, Button, Flex, Text } from '@chakra-ui/react'
import { usePwaUpdate } from '../pwa'

/**
 * 'A new version is available' with Reload (prompt-mode service worker). Reload never throws
 * away a form: a dirty form keeps the page ('Finish or save your form first'; forms with drafts
 * save theirs first), and sending in progress delays the reload until it ends.
 */
export function UpdateBanner() {
  const { updateAvailable, blockedBy, waitingFor, reload, dismiss } = usePwaUpdate()
  if (!updateAvailable) return null
  const waiting = waitingFor.length > 0
  return (
    <Box
      role="region"
      aria-label="App update"
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
          <Text fontWeight="semibold">A new version is available</Text>
          {blockedBy.map((reason) => (
            <Text key={reason} fontSize="sm">
              {reason} Finish or save your form first, then reload.
            </Text>
          ))}
          {waiting ? (
            <Text fontSize="sm">Sending saved items… The app reloads as soon as sending ends.</Text>
          ) : null}
        </Box>
        <Button size="sm" colorPalette="brand" disabled={waiting} onClick={() => void reload()}>
          {waiting ? 'Waiting…' : 'Reload'}
        </Button>
        <Button size="sm" variant="outline" color="white" borderColor="whiteAlpha.700" _hover={{ bg: 'whiteAlpha.200' }} onClick={dismiss}>
          Later
        </Button>
      </Flex>
    </Box>
  )
}
