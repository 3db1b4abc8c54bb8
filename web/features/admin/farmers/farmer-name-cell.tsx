import { Stack, Text } from '@chakra-ui/react'

/** A farmer's name with a muted second line (place, or e-mail). */
export function FarmerNameCell({ name, detail }: { name: string; detail?: string | null }) {
  return (
    <Stack gap="0">
      <Text fontWeight="medium">{name}</Text>
      {detail && (
        <Text fontSize="xs" color="fg.muted">
          {detail}
        </Text>
      )}
    </Stack>
  )
}
