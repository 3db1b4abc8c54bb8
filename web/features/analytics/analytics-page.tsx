// Lazy chunk: public platform analytics (spec 000 §2 "Public platform analytics"). First-party
// numbers from GET /api/analytics/live (clarifications, Analytics); the wording says
// "Analytics …" where the spec says "Google Analytics …".
import { Box, Button, Flex, Heading, Link, SimpleGrid, Text } from '@chakra-ui/react'
import { useQuery } from '@tanstack/react-query'
import { useRef, type ReactNode } from 'react'
import { Link as RouterLink } from 'react-router-dom'
import { messages } from '../../../api/contract'
import { translateMessage } from '../../i18n/messages'
import { useT } from '../../i18n/runtime'
import { productName, useDocumentTitle } from '../../shared/site'
import { toast } from '../../shared/ui/toast'
import { formatFijiTimeInLanguage } from '../../shared/fiji-time'
import { fetchLiveAnalytics, formatCount, liveAnalyticsUrl } from './live-analytics'

const m = messages.analytics

export function AnalyticsPage() {
  const t = useT()
  useDocumentTitle(t('analytics.title'))
  const live = useQuery({
    queryKey: [liveAnalyticsUrl],
    queryFn: ({ signal }) => fetchLiveAnalytics(signal),
    // Live numbers: fetch again each time the screen opens (the cached ones show meanwhile).
    staleTime: 0,
  })
  const refreshButton = useRef<HTMLButtonElement>(null)

  const refresh = async () => {
    const result = await live.refetch()
    if (result.isError && result.data) {
      toast({ title: translateMessage(m.refreshFailedTitle), description: translateMessage(m.refreshFailedDescription), variant: 'destructive' })
    }
  }

  return (
    <>
      <Link asChild variant="underline" colorPalette="brand" fontWeight="medium">
        <RouterLink to="/">{t('analytics.backToHome')}</RouterLink>
      </Link>
      <Flex mt="4" gap="4" align={{ base: 'flex-start', sm: 'center' }} justify="space-between" direction={{ base: 'column', sm: 'row' }}>
        <Box>
          <Heading as="h1" size={{ base: '2xl', md: '3xl' }} color="brand.900">
            {t('analytics.title')}
          </Heading>
          <Text mt="1" color="fg.muted">
            {t('analytics.intro', { productName })}
          </Text>
        </Box>
        {live.data ? (
          <Button ref={refreshButton} variant="outline" colorPalette="brand" onClick={() => void refresh()} disabled={live.isFetching}>
            {live.isFetching ? t('analytics.refreshing') : t('analytics.refresh')}
          </Button>
        ) : null}
      </Flex>

      <Box mt="8" aria-live="polite" aria-busy={live.isFetching}>
        {live.data ? (
          <SimpleGrid columns={{ base: 1, sm: 2, lg: 4 }} gap="4">
            <StatCard label={t('analytics.totalPageViews')} value={formatCount(live.data.totalPageViews)} testId="total-page-views" />
            <StatCard label={t('analytics.uniqueVisitors')} value={formatCount(live.data.uniqueVisitors)} testId="unique-visitors" />
            <StatCard label={t('analytics.activeFarmers')} value={formatCount(live.data.activeFarmers)} note={t('analytics.localData')} testId="active-farmers" />
            <StatCard label={t('analytics.lastUpdated')} value={formatFijiTimeInLanguage(new Date(live.dataUpdatedAt))} small testId="last-updated" />
          </SimpleGrid>
        ) : live.isError ? (
          <Box role="alert" borderWidth="1px" borderColor="red.300" bg="red.50" borderRadius="xl" p="6" maxW="xl">
            <Heading as="h2" size="lg" color="red.700">
              {translateMessage(m.unavailable)}
            </Heading>
            <Text mt="2" color="gray.800">
              {translateMessage(live.error.message)}
            </Text>
            <Button mt="4" colorPalette="brand" onClick={() => void live.refetch()} disabled={live.isFetching}>
              {live.isFetching ? t('analytics.trying') : translateMessage(m.tryAgain)}
            </Button>
          </Box>
        ) : (
          <Box role="status">
            <Text color="fg.muted" mb="4">
              {t('analytics.loading')}
            </Text>
            <SimpleGrid aria-hidden="true" columns={{ base: 1, sm: 2, lg: 4 }} gap="4">
              {[0, 1, 2, 3].map((i) => (
                <Box key={i} h="28" borderRadius="xl" bg="gray.100" />
              ))}
            </SimpleGrid>
          </Box>
        )}
      </Box>

      <Text mt="8" fontSize="sm" color="fg.muted" maxW="3xl">
        {t('analytics.privacy', { productName })}
      </Text>
    </>
  )
}

function StatCard({ label, value, note, small, testId }: { label: string; value: ReactNode; note?: string; small?: boolean; testId: string }) {
  return (
    <Box as="section" aria-label={label} borderWidth="1px" borderColor="gray.200" borderRadius="xl" p="5" bg="white" boxShadow="xs">
      <Text fontSize="sm" fontWeight="semibold" color="gray.700">
        {label}
      </Text>
      <Text mt="2" fontSize={small ? 'lg' : '3xl'} fontWeight="bold" color="brand.900" data-testid={testId}>
        {value}
      </Text>
      {note ? (
        <Text mt="1" fontSize="xs" color="fg.muted">
          {note}
        </Text>
      ) : null}
    </Box>
  )
}
