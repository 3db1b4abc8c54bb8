import { Box, Button, Flex, Text } from '@chakra-ui/react'
import { usePwaUpdate } from '../pwa'

/** 'A new version is available' with Reload (prompt-mode service worker). */
export function UpdateBanner() {
  const { updateAvailable, blockedBy, reload, dismiss } = usePwaUpdate()
  if (!updateAvailable) return null
  return (
    <Box
      role="status"
      aria-live="polite"
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
        <Box flex="1" minW="12rem">
          <Text fontWeight="semibold">A new version is available</Text>
          {blockedBy.map((reason) => (
            <Text key={reason} fontSize="sm">
              {reason} Finish or save it first, then reload.
            </Text>
          ))}
        </Box>
        <Button size="sm" colorPalette="brand" onClick={() => void reload()}>
          Reload
        </Button>
        <Button size="sm" variant="outline" color="white" borderColor="whiteAlpha.700" _hover={{ bg: 'whiteAlpha.200' }} onClick={dismiss}>
          Later
        </Button>
      </Flex>
    </Box>
  )
}
