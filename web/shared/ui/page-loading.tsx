import { Text } from '@chakra-ui/react'

/** Shown while a lazy screen's code is loading. */
export function PageLoading() {
  return (
    <Text role="status" color="fg.muted" py="8">
      Loading…
    </Text>
  )
}
