// A row of labelled counters (experts, reviews, farm reviews, analytics): a list, so a screen
// reader hears each label with its value.
import { Card, SimpleGrid, Text } from '@chakra-ui/react'
import type { ReactNode } from 'react'

export function StatGrid({ label, stats, isLoading }: { label: string; stats: readonly (readonly [string, ReactNode])[]; isLoading?: boolean }) {
  return (
    <SimpleGrid as="ul" columns={{ base: 2, md: stats.length > 3 ? 4 : 3 }} gap="3" listStyle="none" m="0" p="0" aria-label={label}>
      {stats.map(([name, value]) => (
        <Card.Root as="li" key={name} size="sm">
          <Card.Body gap="1">
            <Text fontSize="sm" color="fg.muted">
              {name}
            </Text>
            <Text fontSize="2xl" fontWeight="bold">
              {isLoading ? '…' : value}
            </Text>
          </Card.Body>
        </Card.Root>
      ))}
    </SimpleGrid>
  )
}
