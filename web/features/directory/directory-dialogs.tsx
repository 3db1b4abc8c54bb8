// The produce dialog (a bar's farmers) and the city dialog ('All Farmers' and one expandable
// group per produce; each farmer row expands). Each list shows its first page and loads the
// next on "Show more"; a produce group loads when first opened. A lazy chunk: see lazy-dialogs.ts.
import { Box, Flex, Heading, Text, chakra } from '@chakra-ui/react'
import { useQuery } from '@tanstack/react-query'
import { useState, type ReactNode } from 'react'
import type { AvailabilityFarmer, FarmerLocation, ProduceAvailability, ProduceInCity, PublicFarmer } from '../../../api/contract'
import { cityFarmersUrl, cityProduceFarmersUrl, produceInCityUrl } from '../../../api/contract/public-pages'
import { NativeDialog } from '../../shared/ui/native-dialog'
import { DemoBadge } from '../../shared/ui/demo-badge'
import { Pill } from '../../shared/ui/pill'
import { ContactLinks } from './contact-links'
import { DIALOG_PAGE_SIZE, farmerCountLabel, joinPlace, telHref } from './directory-logic'
import { ShowMore, useFarmerPages, type FarmerPages } from './farmer-pages'
import { directoryQuery } from './offline-copy'
import { OfflineCopyNotice } from './offline-copy-notice'
import { EmptyState, LoadError, Loading } from '../../shared/ui/load-state'
import { texts } from './texts'
import { useT } from '../../i18n/runtime'

export function ProduceDialog({ produce, onClose }: { produce: ProduceAvailability; onClose: () => void }) {
  const t = useT()
  // The availability answer embeds the first page; "Show more" pages on from the produce's own list.
  const pages = useFarmerPages<AvailabilityFarmer>(`/api/produce/availability/${produce.id}/farmers`, {
    initial: produce.farmers,
    farmerCount: produce.farmerCount,
    limit: DIALOG_PAGE_SIZE,
  })
  const { farmers } = pages
  return (
    <NativeDialog title={produce.name} subtitle={t('directory.produceDialog.subtitle', { count: pages.farmerCount, produce: produce.name })} onClose={onClose}>
      <OfflineCopyNotice />
      {farmers.length === 0 ? (
        <EmptyState>{t(texts.emptySearch)}</EmptyState>
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
                  {farmer.isPremium ? <Pill tone="yellow">{t('directory.card.premium')}</Pill> : null}
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
      <ShowMore pages={pages} errorMessage={t(texts.failedToFetchProduceAvailability)} />
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
  const t = useT()
  const phone = farmer.phone?.trim() || null
  return (
    <chakra.details borderTopWidth="1px" borderColor="gray.100" data-testid="city-farmer">
      <Summary>
        <span>{farmer.name}</span>
        <DemoBadge isDemo={farmer.isDemo} />
        {farmer.isPremium ? <Pill tone="yellow">{t('directory.card.premium')}</Pill> : null}
      </Summary>
      <Box px="3" pb="3" ps="8" display="flex" flexDirection="column" gap="1" fontSize="sm">
        <Flex align="center" gap="2" wrap="wrap">
          <Text fontWeight="semibold">{farmer.name}</Text>
          <DemoBadge isDemo={farmer.isDemo} />
          <Pill tone="green">{t('directory.active')}</Pill>
        </Flex>
        <Text>
          <chakra.span fontWeight="semibold">{t('directory.row.town')} </chakra.span>
          {farmer.town || '—'}
        </Text>
        <Text>
          <chakra.span fontWeight="semibold">{t('directory.row.phone')} </chakra.span>
          {phone ? (
            <chakra.a href={telHref(phone)} color="brand.800" textDecoration="underline">
              {phone}
            </chakra.a>
          ) : (
            t(texts.phoneNotProvided)
          )}
        </Text>
        <Text>
          <chakra.span fontWeight="semibold">{t('directory.row.produce')} </chakra.span>
          {farmer.produce.length > 0 ? farmer.produce.join(', ') : '—'}
        </Text>
        <Box mt="1">
          <ContactLinks farmer={farmer} />
        </Box>
      </Box>
    </chakra.details>
  )
}

function FarmerGroup({ title, count, onToggle, children }: { title: string; count: number; onToggle?: (open: boolean) => void; children: ReactNode }) {
  return (
    <chakra.details borderWidth="1px" borderColor="gray.200" borderRadius="lg" data-testid="farmer-group" onToggle={(e) => onToggle?.(e.currentTarget.open)}>
      <Summary>
        <span>{title}</span>
        <chakra.span fontWeight="normal" color="fg.muted">
          ({count})
        </chakra.span>
      </Summary>
      <Box>{children}</Box>
    </chakra.details>
  )
}

function PagedRows({ pages, errorMessage }: { pages: FarmerPages<PublicFarmer>; errorMessage: string }) {
  return (
    <>
      {pages.farmers.map((farmer) => (
        <FarmerRow key={farmer.id} farmer={farmer} />
      ))}
      {pages.isPending ? <Loading /> : null}
      <Box px="3" pb="3">
        <ShowMore pages={pages} errorMessage={errorMessage} />
      </Box>
    </>
  )
}

/** A produce's farmers in the city: loaded when the group is first opened, then page by page. */
function ProduceGroupFarmers({ city, produce }: { city: string; produce: string }) {
  const t = useT()
  const pages = useFarmerPages<PublicFarmer>(cityProduceFarmersUrl(city, produce), {
    autoload: true,
    limit: DIALOG_PAGE_SIZE,
  })
  return <PagedRows pages={pages} errorMessage={t(texts.failedToFetchFarmersForLocationAndProduce)} />
}

function ProduceGroup({ city, item }: { city: string; item: ProduceInCity }) {
  const [opened, setOpened] = useState(false)
  return (
    <FarmerGroup title={item.name} count={item.farmerCount} onToggle={(open) => open && setOpened(true)}>
      {opened ? <ProduceGroupFarmers city={city} produce={item.name} /> : null}
    </FarmerGroup>
  )
}

export function CityDialog({ location, onClose }: { location: FarmerLocation; onClose: () => void }) {
  const t = useT()
  // The locations answer embeds the city's first page; "Show more" pages on from the city's own list.
  const all = useFarmerPages<PublicFarmer>(cityFarmersUrl(location.city), {
    initial: location.farmers,
    farmerCount: location.farmerCount,
    limit: DIALOG_PAGE_SIZE,
  })
  const produce = useQuery<ProduceInCity[]>({ queryKey: [produceInCityUrl(location.city)], queryFn: directoryQuery })
  const groups = (produce.data ?? []).filter((p) => p.farmerCount > 0).sort((a, b) => a.name.localeCompare(b.name))
  return (
    <NativeDialog title={location.city} subtitle={farmerCountLabel(all.farmerCount)} onClose={onClose}>
      <OfflineCopyNotice />
      {all.farmerCount === 0 ? (
        <EmptyState>{t(texts.noFarmersInLocation)}</EmptyState>
      ) : (
        <Box display="flex" flexDirection="column" gap="3">
          <FarmerGroup title={t(texts.allFarmers)} count={all.farmerCount}>
            <PagedRows pages={all} errorMessage={t(texts.failedToFetchFarmersLocations)} />
          </FarmerGroup>
          <Heading as="h3" size="md" mt="2">
            {t('directory.cityDialog.byProduce')}
          </Heading>
          {produce.isPending ? (
            <Loading />
          ) : produce.isError ? (
            <LoadError message={t(texts.failedToFetchProduceForLocation)} onRetry={() => void produce.refetch()} />
          ) : groups.length === 0 ? (
            <EmptyState>{t(texts.categoriesUpdating)}</EmptyState>
          ) : (
            groups.map((item) => <ProduceGroup key={item.name} city={location.city} item={item} />)
          )}
        </Box>
      )}
    </NativeDialog>
  )
}
