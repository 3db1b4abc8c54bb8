// The collapsible 'Produce Availability (count)' panel: one bar per produce with its farmer
// count (first 50), coloured by count, at least 15 % wide; a bar opens the produce's dialog
// (its own lazy chunk, loaded on first hover, focus or click).
import { Box, Flex, Heading, Text, chakra } from '@chakra-ui/react'
import { useQuery } from '@tanstack/react-query'
import { Suspense, useId, useMemo, useState } from 'react'
import type { ProduceAvailability } from '../../../api/contract'
import { AVAILABILITY_LIMIT, availableProduce, barTone, barTones, barWidthPercent, farmerCountLabel } from './directory-logic'
import { ProduceDialog, preloadDialogs } from './lazy-dialogs'
import { DialogLoading } from './dialog-loading'
import { directoryQuery } from './offline-copy'
import { EmptyState, LoadError, Loading } from '../../shared/ui/load-state'
import { texts } from './texts'
import { useT } from '../../i18n/runtime'

/** The legend under the bars: what each bar colour counts (spec 000 §9). */
const legendKeys = { high: 'home.availability.legend.high', medium: 'home.availability.legend.medium', low: 'home.availability.legend.low' } as const

export const produceAvailabilityQueryKey = ['/api/produce/availability'] as const

export function useProduceAvailability() {
  return useQuery<ProduceAvailability[]>({ queryKey: produceAvailabilityQueryKey, queryFn: directoryQuery })
}

export function ProduceAvailabilityPanel({ defaultOpen = false }: { defaultOpen?: boolean }) {
  const t = useT()
  const [open, setOpen] = useState(defaultOpen)
  const [selected, setSelected] = useState<ProduceAvailability | null>(null)
  const panelId = useId()
  const headingId = useId()
  const availability = useProduceAvailability()
  const items = useMemo(() => availableProduce(availability.data ?? []), [availability.data])
  const shown = items.slice(0, AVAILABILITY_LIMIT)
  const max = shown[0]?.farmerCount ?? 0

  let body
  if (availability.isPending) body = <Loading />
  else if (availability.isError)
    body = <LoadError message={t(texts.failedToFetchProduceAvailability)} onRetry={() => void availability.refetch()} />
  else if (shown.length === 0) body = <EmptyState>{t(texts.emptySearch)}</EmptyState>
  else
    body = (
      <>
        <chakra.ul listStyle="none" p="0" m="0" display="flex" flexDirection="column" gap="1.5" onPointerEnter={preloadDialogs} onFocus={preloadDialogs}>
          {shown.map((item) => {
            const tone = barTones[barTone(item.farmerCount)]
            return (
              <li key={item.id}>
                <chakra.button
                  type="button"
                  onClick={() => setSelected(item)}
                  w="full"
                  display="grid"
                  gridTemplateColumns={{ base: '40% 1fr', md: '14rem 1fr' }}
                  alignItems="center"
                  gap="3"
                  px="2"
                  py="1"
                  borderRadius="md"
                  bg="transparent"
                  textAlign="start"
                  cursor="pointer"
                  _hover={{ bg: 'gray.100' }}
                >
                  <chakra.span fontSize="sm" fontWeight="medium" color="gray.900" overflowWrap="anywhere">
                    {item.name}
                  </chakra.span>
                  <chakra.span display="block" w="full">
                    <chakra.span
                      display="flex"
                      alignItems="center"
                      justifyContent="flex-end"
                      minH="7"
                      px="2"
                      borderRadius="sm"
                      borderWidth="1px"
                      borderColor={tone.border}
                      bg={tone.bg}
                      color={tone.fg}
                      fontSize="sm"
                      fontWeight="semibold"
                      style={{ width: `${barWidthPercent(item.farmerCount, max)}%` }}
                      data-tone={barTone(item.farmerCount)}
                    >
                      <span aria-hidden="true">{item.farmerCount}</span>
                      <chakra.span srOnly>{farmerCountLabel(item.farmerCount)}</chakra.span>
                    </chakra.span>
                  </chakra.span>
                </chakra.button>
              </li>
            )
          })}
        </chakra.ul>
        <Flex as="p" mt="3" gap="4" wrap="wrap" fontSize="sm" color="fg.muted">
          {(['high', 'medium', 'low'] as const).map((key) => (
            <Flex as="span" key={key} align="center" gap="1.5">
              <chakra.span boxSize="3" borderRadius="sm" borderWidth="1px" borderColor={barTones[key].border} bg={barTones[key].bg} aria-hidden="true" />
              {t(legendKeys[key])}
            </Flex>
          ))}
        </Flex>
      </>
    )

  return (
    <Box as="section" aria-labelledby={headingId} mt="8" borderWidth="1px" borderColor="gray.200" borderRadius="xl" bg="white">
      <Heading as="h2" id={headingId} size="lg">
        <chakra.button
          type="button"
          aria-expanded={open}
          aria-controls={panelId}
          onClick={() => setOpen(!open)}
          w="full"
          display="flex"
          alignItems="center"
          justifyContent="space-between"
          gap="3"
          px={{ base: '4', md: '6' }}
          py="4"
          bg="transparent"
          textAlign="start"
          cursor="pointer"
          borderRadius="xl"
          fontWeight="semibold"
        >
          <span>{availability.isSuccess ? t('home.availability.headingCount', { count: items.length }) : t('home.availability.heading')}</span>
          <chakra.span aria-hidden="true" transform={open ? 'rotate(180deg)' : undefined} transition="transform 0.2s">
            ▾
          </chakra.span>
        </chakra.button>
      </Heading>
      <Box id={panelId} hidden={!open} px={{ base: '3', md: '5' }} pb="5">
        <Text fontSize="sm" color="fg.muted" mb="3" px="2">
          {t('home.availability.intro')}
        </Text>
        {/* Closed, its up to 50 bars are not rendered: no work on a slow phone for what nobody sees. */}
        {open ? body : null}
      </Box>
      {selected ? (
        <Suspense fallback={<DialogLoading />}>
          <ProduceDialog produce={selected} onClose={() => setSelected(null)} />
        </Suspense>
      ) : null}
    </Box>
  )
}
