import { Card, Text } from '@chakra-ui/react'
import type { ReactNode } from 'react'

/** A figure with its label, as the summary rows of the cost and subscription pages show them. */
export function SummaryCard({ label, value, hint }: { label: string; value: ReactNode; hint?: string }) {
  return (
    <Card.Root size="sm" role="group" aria-label={label}>
      <Card.Body gap="1">
        <Text fontSize="sm" color="fg.muted">
          {label}
        </Text>
        <Text fontSize="2xl" fontWeight="bold">
          {value}
        </Text>
        {hint && (
          <Text fontSize="xs" color="fg.muted">
            {hint}
          </Text>
        )}
      </Card.Body>
    </Card.Root>
  )
}
