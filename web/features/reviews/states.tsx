import { Button, Flex, Text } from '@chakra-ui/react'

export function LoadingLine() {
  return (
    <Text role="status" color="fg.muted" py="6">
      Loading…
    </Text>
  )
}

export function ErrorLine({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <Flex role="alert" align="center" gap="3" wrap="wrap" py="6">
      <Text color="red.600" fontWeight="medium">
        {message}
      </Text>
      <Button size="sm" variant="outline" onClick={onRetry}>
        Try again
      </Button>
    </Flex>
  )
}
