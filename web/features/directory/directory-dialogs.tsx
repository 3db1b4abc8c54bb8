// The produce dialog (a bar's farmers) and the city dialog ('All Farmers' and one expandable
// group per produce; each farmer row expands). A lazy chunk: see lazy-dialogs.ts.
import { Box, Flex, Heading, Text, chakra } from '@chakra-ui/react'
import type { ReactNode } from 'react'
import type { FarmerLocation, ProduceAvailability, PublicFarmer } from '../../../api/contract'
import { NativeDialog } from '../../shared/ui/native-dialog'
import { DemoBadge } from '../../shared/ui/demo-badge'
import { Pill } from '../../shared/ui/pill'
import { ContactLinks } from './contact-links'
import { farmerCountLabel, joinPlace, produceGroups, sortFarmers, telHref } from './directory-logic'
import { EmptyState } from '../../shared/ui/load-state'
import { texts } from './texts'

export function ProduceDialog({ produce, onClose }: { produce: ProduceAvailability; onClose: () => void }) {
  const farmers = sortFarmers(produce.farmers)
  return (
    <NativeDialog title={produce.name} subtitle={`${farmerCountLabel(farmers.length)} selling ${produce.name}`} onClose={onClose}>
      {farmers.length === 0 ? (
        <EmptyState>{texts.emptySearch}</EmptyState>
      ) : (
        <chakra.ul listStyle="none" p="0" m="0" display="flex" flexDirection="column" gap="3">
          {farmers.map((farmer) => {
            const place = joinPlace(farmer.town, farmer.city)
            return (
              <chakra.li key={farmer.id} borderWidth="1px" borderColor="gray.200" borderRadius="lg" p="3" data-testid="produce-farmer">
                <Flex align="center" gap="2" wrap="wrap">
                  <Heading as="h3" size="md">
                    {farmer.name}
                  </Heading>
                  <DemoBadge isDemo={farmer.isDemo} />
                  {farmer.isPremium ? <Pill tone="yellow">Premium</Pill> : null}
                </Flex>
                {place ? (
                  <Text fontSize="sm" color="fg.muted" mt="0.5">
                    {place}
                  </Text>
                ) : null}
                <Box mt="2">
                  <ContactLinks farmer={farmer} />
                </Box>
              </chakra.li>
            )
          })}
        </chakra.ul>
      )}
    </NativeDialog>
  )
}

function Summary({ children }: { children: ReactNode }) {
  return (
    <chakra.summary
      cursor="pointer"
      px="3"
      py="2.5"
      minH="11"
      display="flex"
      alignItems="center"
      gap="2"
      fontWeight="semibold"
      borderRadius="md"
      listStyle="none"
      _hover={{ bg: 'gray.100' }}
      css={{
        '&::-webkit-details-marker': { display: 'none' },
        '&::before': { content: '"▸"', display: 'inline-block', transition: 'transform 0.15s', color: 'gray.600' },
        'details[open] > &::before': { transform: 'rotate(90deg)' },
      }}
    >
      {children}
    </chakra.summary>
  )
}

function FarmerRow({ farmer }: { farmer: PublicFarmer }) {
  const phone = farmer.phone?.trim() || null
  return (
    <chakra.details borderTopWidth="1px" borderColor="gray.100" data-testid="city-farmer">
      <Summary>
        <span>{farmer.name}</span>
        <DemoBadge isDemo={farmer.isDemo} />
        {farmer.isPremium ? <Pill tone="yellow">Premium</Pill> : null}
      </Summary>
      <Box px="3" pb="3" ps="8" display="flex" flexDirection="column" gap="1" fontSize="sm">
        <Flex align="center" gap="2" wrap="wrap">
          <Text fontWeight="semibold">{farmer.name}</Text>
          <DemoBadge isDemo={farmer.isDemo} />
          <Pill tone="green">Active</Pill>
        </Flex>
        <Text>
          <chakra.span fontWeight="semibold">Town: </chakra.span>
          {farmer.town || '—'}
        </Text>
        <Text>
          <chakra.span fontWeight="semibold">Phone: </chakra.span>
          {phone ? (
            <chakra.a href={telHref(phone)} color="brand.800" textDecoration="underline">
              {phone}
            </chakra.a>
          ) : (
            texts.phoneNotProvided
          )}
        </Text>
        <Text>
          <chakra.span fontWeight="semibold">Available produce: </chakra.span>
          {farmer.produce.length > 0 ? farmer.produce.join(', ') : '—'}
        </Text>
        <Box mt="1">
          <ContactLinks farmer={farmer} />
        </Box>
      </Box>
    </chakra.details>
  )
}

function FarmerGroup({ title, farmers, open }: { title: string; farmers: readonly PublicFarmer[]; open?: boolean }) {
  return (
    <chakra.details open={open} borderWidth="1px" borderColor="gray.200" borderRadius="lg" data-testid="farmer-group">
      <Summary>
        <span>{title}</span>
        <chakra.span fontWeight="normal" color="fg.muted">
          ({farmers.length})
        </chakra.span>
      </Summary>
      <Box>
        {farmers.map((farmer) => (
          <FarmerRow key={farmer.id} farmer={farmer} />
        ))}
      </Box>
    </chakra.details>
  )
}

export function CityDialog({ location, onClose }: { location: FarmerLocation; onClose: () => void }) {
  const farmers = sortFarmers(location.farmers)
  const groups = produceGroups(farmers)
  return (
    <NativeDialog title={location.city} subtitle={farmerCountLabel(farmers.length)} onClose={onClose}>
      {farmers.length === 0 ? (
        <EmptyState>{texts.noFarmersInLocation}</EmptyState>
      ) : (
        <Box display="flex" flexDirection="column" gap="3">
          <FarmerGroup title={texts.allFarmers} farmers={farmers} />
          <Heading as="h3" size="md" mt="2">
            By produce
          </Heading>
          {groups.length === 0 ? (
            <EmptyState>{texts.categoriesUpdating}</EmptyState>
          ) : (
            groups.map((group) => <FarmerGroup key={group.name} title={group.name} farmers={group.farmers} />)
          )}
        </Box>
      )}
    </NativeDialog>
  )
}
