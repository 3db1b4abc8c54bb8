// Loading and failure lines shared by the directory sections.
import { Button, Flex, Text } from '@chakra-ui/react'

export function Loading({ children = 'Loading…' }: { children?: string }) {
  return (
    <Text role="status" color="fg.muted" py="3">
      {children}
    </Text>
  )
}

/** The spec's load-failure text, with a way to try again (weak 3G drops requests). */
export function LoadError({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <Flex role="alert" align="center" gap="3" wrap="wrap" py="3">
      <Text color="red.600" fontWeight="medium">
        {message}
      </Text>
      <Button size="sm" variant="outline" onClick={onRetry}>
        Try again
      </Button>
    </Flex>
  )
}

/** A plain empty-state sentence. */
export function EmptyState({ children }: { children: string }) {
  return (
    <Text color="fg.muted" py="3" data-testid="empty-state">
      {children}
    </Text>
  )
}
