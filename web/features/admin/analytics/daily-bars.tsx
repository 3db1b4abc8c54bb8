// Daily Statistics as bars people read at a glance on a phone or a desktop: one row per day
// (newest first) with a horizontal bar scaled to the busiest day's page views and the numbers
// written beside it. It is a real table (caption, headers), so a screen reader reads the figures;
// the bars themselves are decoration (aria-hidden). Plain CSS, no chart library.
import { Box, Flex, chakra } from '@chakra-ui/react'
import type { DailyStat } from '../../../../api/contract/analytics'
import { barPercent, formatDay } from './admin-analytics'
import { useT } from '../../../i18n/runtime'

export function DailyBars({ days, caption }: { days: readonly DailyStat[]; caption: string }) {
  const t = useT()
  const max = Math.max(0, ...days.map((d) => d.pageViews))
  const newestFirst = [...days].reverse()
  return (
    <chakra.table w="full" borderCollapse="collapse" fontSize="sm">
      <chakra.caption textAlign="start" color="fg.muted" pb="2" fontSize="sm">
        {caption}
      </chakra.caption>
      <chakra.thead>
        <chakra.tr textAlign="start" color="fg.muted">
          <chakra.th scope="col" textAlign="start" fontWeight="medium" pe="3" whiteSpace="nowrap">
            {t('admin.analytics.day')}
          </chakra.th>
          <chakra.th scope="col" textAlign="start" fontWeight="medium" w="full">
            {t('admin.analytics.pageViews')}
          </chakra.th>
          <chakra.th scope="col" textAlign="end" fontWeight="medium" ps="3" whiteSpace="nowrap">
            {t('admin.analytics.visitorsColumn')}
          </chakra.th>
        </chakra.tr>
      </chakra.thead>
      <chakra.tbody>
        {newestFirst.map((d) => (
          <chakra.tr key={d.date} borderTopWidth="1px" borderColor="border.muted">
            <chakra.th scope="row" textAlign="start" fontWeight="normal" pe="3" py="1.5" whiteSpace="nowrap">
              {formatDay(d.date)}
            </chakra.th>
            <chakra.td py="1.5">
              <Flex align="center" gap="2">
                <Box flex="1" h="3.5" bg="bg.muted" rounded="sm" overflow="hidden" aria-hidden="true" minW="4rem">
                  <Box h="full" w={`${barPercent(d.pageViews, max)}%`} bg="brand.700" rounded="sm" />
                </Box>
                <chakra.span fontVariantNumeric="tabular-nums" fontWeight="semibold" minW="2.5rem" textAlign="end">
                  {d.pageViews.toLocaleString('en-US')}
                </chakra.span>
              </Flex>
            </chakra.td>
            <chakra.td ps="3" py="1.5" textAlign="end" fontVariantNumeric="tabular-nums">
              {d.uniqueVisitors.toLocaleString('en-US')}
            </chakra.td>
          </chakra.tr>
        ))}
      </chakra.tbody>
    </chakra.table>
  )
}
