// /admin/analytics (spec 001 §2, global only; texts per clarifications: 'Analytics …'): back to
// admin, Refresh (Refreshing... while loading), Last 7/14/30/90 days (default 7), last-updated
// time; live data refreshes every 30 s, searches every 60 s. Cards, top 6 countries (top three
// highlighted), search analytics with the top 10 queries, and the daily bars.
import { Badge, Box, Button, Card, Flex, Heading, HStack, NativeSelect, SimpleGrid, Stack, Text, chakra } from '@chakra-ui/react'
import { useState, type ReactNode } from 'react'
import { analyticsDays, DEFAULT_ANALYTICS_DAYS, type AnalyticsDays } from '../../../../api/contract/analytics'
import { messages } from '../../../../api/contract/messages'
import { toast } from '../../../shared/ui/toast'
import { useDocumentTitle } from '../../../shared/site'
import { formatFijiDateTime } from '../format'
import { BackToDashboard } from '../ui/back-to-dashboard'
import { StatGrid } from '../ui/stat-grid'
import { dailyAverages, hasNoData, useAdminAnalytics } from './admin-analytics'
import { DailyBars } from './daily-bars'
import { useT } from '../../../i18n/runtime'
import { piecesAround } from '../../../i18n/messages'

const m = messages.analytics
const count = (n: number) => n.toLocaleString('en-US')

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card.Root as="section" size="sm" aria-label={title}>
      <Card.Body gap="3">
        <Heading as="h2" size="md">
          {title}
        </Heading>
        {children}
      </Card.Body>
    </Card.Root>
  )
}

export function AnalyticsScreen() {
  const t = useT()
  useDocumentTitle(t('admin.screen.analytics'))
  const [days, setDays] = useState<AnalyticsDays>(DEFAULT_ANALYTICS_DAYS)
  const { live, searches } = useAdminAnalytics(days)
  const isRefreshing = live.isFetching || searches.isFetching

  const refresh = async () => {
    const [a, b] = await Promise.all([live.refetch(), searches.refetch()])
    if (a.isError || b.isError) toast({ title: m.refreshFailedTitle, description: m.refreshFailedDescription, variant: 'destructive' })
  }

  const summary = live.data
  const search = searches.data
  const averages = dailyAverages(summary?.dailyStats ?? [])

  return (
    <Stack gap="6">
      <BackToDashboard />
      <Flex gap="3" wrap="wrap" align="center" justify="space-between">
        <Box>
          <Heading as="h1" size="2xl">
            {t('admin.screen.analytics')}
          </Heading>
          {summary && (
            <Text fontSize="sm" color="fg.muted">
              {t('admin.analytics.lastUpdated', { time: formatFijiDateTime(summary.lastUpdated) })}
            </Text>
          )}
        </Box>
        <HStack gap="2" wrap="wrap">
          <NativeSelect.Root size="sm" width="auto">
            <NativeSelect.Field aria-label={t('admin.analytics.dateRange')} value={days} onChange={(e) => setDays(Number(e.target.value) as AnalyticsDays)}>
              {analyticsDays.map((n) => (
                <option key={n} value={n}>
                  {t('admin.analytics.lastDays', { count: n })}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
          <Button size="sm" variant="outline" onClick={() => void refresh()} disabled={isRefreshing}>
            {isRefreshing ? t('admin.analytics.refreshing') : t('admin.analytics.refresh')}
          </Button>
        </HStack>
      </Flex>

      {live.isPending ? (
        <Text aria-busy="true">{t('admin.analytics.loading')}</Text>
      ) : live.isError && !summary ? (
        <Stack role="alert" gap="2" align="flex-start">
          <Text fontWeight="semibold">{m.unavailable}</Text>
          <Text color="fg.error">{live.error.message}</Text>
          <Button size="sm" variant="outline" onClick={() => void refresh()}>
            {m.tryAgain}
          </Button>
        </Stack>
      ) : summary && hasNoData(summary) ? (
        <Text color="fg.muted">{m.notAvailable}</Text>
      ) : summary ? (
        <>
          <StatGrid
            label={t('admin.analytics.totals')}
            stats={[
              [t('admin.analytics.totalPageViews'), count(summary.totalPageViews)],
              [t('admin.analytics.uniqueVisitors'), count(summary.uniqueVisitors)],
              [t('admin.analytics.totalClicks'), count(summary.farmerClicks)],
            ]}
          />
          <SimpleGrid columns={{ base: 1, lg: 2 }} gap="4">
            <Section title={t('admin.analytics.topCountries', { days })}>
              {summary.countries.length === 0 ? (
                <Text color="fg.muted">{t('admin.analytics.noCountries')}</Text>
              ) : (
                <chakra.ol listStyle="none" m="0" p="0">
                  {summary.countries.map((c, i) => (
                    <chakra.li key={c.countryCode ?? c.country} display="flex" alignItems="center" gap="2" py="1.5" borderTopWidth={i ? '1px' : 0} fontWeight={i < 3 ? 'semibold' : 'normal'}>
                      <Badge colorPalette={i < 3 ? 'brand' : 'gray'} minW="6" justifyContent="center">
                        {i + 1}
                      </Badge>
                      <Text flex="1">{c.country}</Text>
                      <Text fontVariantNumeric="tabular-nums">{t('admin.analytics.visitors', { count: c.visitors, n: count(c.visitors) })}</Text>
                    </chakra.li>
                  ))}
                </chakra.ol>
              )}
            </Section>
            <Section title={t('admin.analytics.searchAnalytics')}>
              {searches.isError && !search ? (
                <Text color="fg.error">{searches.error.message}</Text>
              ) : !search ? (
                <Text aria-busy="true">{t('admin.analytics.loadingShort')}</Text>
              ) : (
                <Stack gap="3">
                  <SimpleGrid columns={2} gap="2" fontSize="sm">
                    <Text>{piecesAround(t, 'admin.analytics.totalSearches', { n: <strong key="n">{count(search.totalSearches)}</strong> })}</Text>
                    <Text>{piecesAround(t, 'admin.analytics.uniqueQueries', { n: <strong key="n">{count(search.uniqueQueries)}</strong> })}</Text>
                    <Text>{piecesAround(t, 'admin.analytics.farmerSearches', { n: <strong key="n">{count(search.searchesByType.farmer)}</strong> })}</Text>
                    <Text>{piecesAround(t, 'admin.analytics.citySearches', { n: <strong key="n">{count(search.searchesByType.city)}</strong> })}</Text>
                  </SimpleGrid>
                  <Heading as="h3" size="sm">
                    {t('admin.analytics.topQueries')}
                  </Heading>
                  {search.topSearches.length === 0 ? (
                    <Text color="fg.muted">{t('admin.analytics.noSearches')}</Text>
                  ) : (
                    <chakra.ol listStyle="none" m="0" p="0" fontSize="sm">
                      {search.topSearches.slice(0, 10).map((q) => (
                        <chakra.li key={`${q.type}:${q.query}`} display="flex" gap="2" py="1" borderTopWidth="1px" alignItems="center" flexWrap="wrap">
                          <Text flex="1" fontWeight="medium">{q.query}</Text>
                          <Badge>{q.type}</Badge>
                          <Text color="fg.muted">{t('admin.analytics.avgResults', { count: q.avgResults, n: q.avgResults.toFixed(1) })}</Text>
                          <Text fontVariantNumeric="tabular-nums">{count(q.count)}×</Text>
                        </chakra.li>
                      ))}
                    </chakra.ol>
                  )}
                </Stack>
              )}
            </Section>
          </SimpleGrid>
          <Section title={t('admin.analytics.daily')}>
            <HStack gap="6" wrap="wrap" fontSize="sm">
              <Text>{piecesAround(t, 'admin.analytics.avgViews', { n: <strong key="n">{count(averages.views)}</strong> })}</Text>
              <Text>{piecesAround(t, 'admin.analytics.avgVisitors', { n: <strong key="n">{count(averages.visitors)}</strong> })}</Text>
            </HStack>
            <DailyBars days={summary.dailyStats} caption={t('admin.analytics.barsCaption', { days: t('admin.analytics.days', { count: days }) })} />
          </Section>
        </>
      ) : null}
    </Stack>
  )
}
