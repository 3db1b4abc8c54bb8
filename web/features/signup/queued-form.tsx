// Parts the two queued signup forms share: the 'Draft restored' note.
import { Button, Flex, Text } from '@chakra-ui/react'

export { invalidPayloadIssues } from '../../shared/outbox/outcome'

/** Shown when a form opened with its autosaved draft. */
export function DraftNote({ hasPhotos, onDiscard }: { hasPhotos: boolean; onDiscard: () => void }) {
  return (
    <Flex role="status" mb="4" gap="3" align="center" wrap="wrap" bg="brand.50" borderWidth="1px" borderColor="brand.600" borderRadius="md" px="4" py="3">
      <Text flex="1" minW="12rem" color="brand.900">
        <strong>Draft restored.</strong> What you typed before{hasPhotos ? ' (and its photos)' : ''} was kept on this phone.
      </Text>
      <Button type="button" size="sm" variant="outline" colorPalette="brand" onClick={onDiscard}>
        Discard draft
      </Button>
    </Flex>
  )
}
