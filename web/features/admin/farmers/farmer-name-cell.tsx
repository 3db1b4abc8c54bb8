import { Stack, Text } from '@chakra-ui/react'
import { DemoBadge } from '../../../shared/ui/demo-badge'

/** A farmer's name with a muted second line (place, or e-mail), and the 'Demo' badge of a sample farmer. */
export function FarmerNameCell({ name, detail, isDemo }: { name: string; detail?: string | null; isDemo?: boolean }) {
  return (
    <Stack gap="0">
      <Text fontWeight="medium">
        {name} <DemoBadge isDemo={isDemo} />
      </Text>
      {detail && (
        <Text fontSize="xs" color="fg.muted">
          {detail}
        </Text>
      )}
    </Stack>
  )
}
