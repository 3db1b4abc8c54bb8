// /admin/da-signups (spec 001 §2, global only): signups made by data agents over a date range, with
// stats and a per-agent summary (success rate = approved / total, rounded) counted by the server over
// the whole range, the signups a page at a time, and the range's CSV streamed by the server (issue 19).
import { Badge, Button, Flex, Heading, SimpleGrid, Stack } from '@chakra-ui/react'
import { useState } from 'react'
import type { FarmerSignupRecord } from '../../../../api/contract/farmer-signup'
import { messages } from '../../../../api/contract/messages'
import { useDocumentTitle } from '../../../shared/site'
import { formatFijiDateTime } from '../format'
import { BackToDashboard } from '../ui/back-to-dashboard'
import { DataTable, type Column } from '../ui/data-table'
import { SummaryCard } from '../ui/summary-card'
import type { DataAgentSummaryRow } from '../../../../api/contract/farmer-signup'
import { toastError } from '../feedback'
import { ListPager } from '../ui/list-pager'
import { downloadServerCsv } from '../ui/server-csv'
import { DA_SIGNUPS_PAGE_SIZE, dataAgentExportUrl, dataAgentRanges, useDataAgentSignups, useDataAgentSummary, type DataAgentRange } from './signups'
import { DemoBadge } from '../../../shared/ui/demo-badge'
import { useT } from '../../../i18n/runtime'

const statusPalette = { pending: 'orange', approved: 'green', rejected: 'red' } as const

export function DataAgentSignupsScreen() {
  const t = useT()
  useDocumentTitle(t('admin.screen.daSignups'))
  const [range, setRange] = useState<DataAgentRange>('last7days')
  const [page, setPage] = useState(1)
  const signups = useDataAgentSignups(range, page)
  const summary = useDataAgentSummary(range)
  const rows = signups.data?.rows ?? []
  const total = signups.data?.total ?? 0
  const count = (status: 'total' | FarmerSignupRecord['status']) => summary.data?.[status] ?? 0
  const exportRange = async () => {
    if (summary.data && summary.data.total === 0) return toastError(messages.common.noDataToExport)
    try {
      if (!(await downloadServerCsv(dataAgentExportUrl(range), 'data-agent-signups.csv'))) toastError(messages.common.noDataToExport)
    } catch {
      toastError(messages.signups.failedToGenerateReport)
    }
  }

  const agentColumns: Column<DataAgentSummaryRow>[] = [
    { header: t('admin.daSignups.dataAgent'), cell: (a) => a.agent },
    { header: t('admin.reviews.total'), cell: (a) => a.total },
    { header: t('admin.reviews.tab.approved'), cell: (a) => a.approved },
    { header: t('admin.reviews.tab.rejected'), cell: (a) => a.rejected },
    { header: t('admin.reviews.tab.pending'), cell: (a) => a.pending },
    { header: t('admin.daSignups.successRate'), cell: (a) => `${a.successRate}%` },
  ]
  const signupColumns: Column<FarmerSignupRecord>[] = [
    {
      header: t('admin.daSignups.farmer'),
      cell: (s) => (
        <>
          {s.name} <DemoBadge isDemo={s.isDemo} title={t('admin.signups.demoTitle')} />
        </>
      ),
    },
    { header: t('admin.signups.phone'), cell: (s) => s.phone },
    { header: t('admin.daSignups.dataAgent'), cell: (s) => s.dataAgentName ?? '—' },
    { header: t('admin.signups.cities'), cell: (s) => s.cities.join(', ') },
    { header: t('admin.column.status'), cell: (s) => <Badge colorPalette={statusPalette[s.status]}>{t(`admin.daSignups.status.${s.status}`)}</Badge> },
    { header: t('admin.signups.submitted'), cell: (s) => formatFijiDateTime(s.createdAt) },
  ]

  return (
    <Stack gap="6">
      <BackToDashboard />
      <Flex gap="3" wrap="wrap" justify="space-between" align="center">
        <Heading as="h1" size="2xl">
          {t('admin.screen.daSignups')}
        </Heading>
        <Button variant="outline" onClick={() => void exportRange()} disabled={summary.isPending}>
          {t('admin.exportCsv')}
        </Button>
      </Flex>
      <Flex gap="2" wrap="wrap" role="group" aria-label={t('admin.analytics.dateRange')}>
        {dataAgentRanges.map((option) => (
          <Button key={option.value} size="sm" variant={range === option.value ? 'solid' : 'outline'} colorPalette="brand" aria-pressed={range === option.value} onClick={() => {
              setRange(option.value)
              setPage(1)
            }}>
            {t(option.label)}
          </Button>
        ))}
      </Flex>
      <SimpleGrid columns={{ base: 2, md: 4 }} gap="4">
        <SummaryCard label={t('admin.daSignups.totalSignups')} value={count('total')} />
        <SummaryCard label={t('admin.reviews.tab.approved')} value={count('approved')} />
        <SummaryCard label={t('admin.reviews.tab.rejected')} value={count('rejected')} />
        <SummaryCard label={t('admin.reviews.tab.pending')} value={count('pending')} />
      </SimpleGrid>
      <Stack as="section" gap="3" aria-labelledby="agent-summary">
        <Heading as="h2" size="lg" id="agent-summary">
          {t('admin.daSignups.perAgentHeading')}
        </Heading>
        <DataTable label={t('admin.daSignups.perAgentLabel')} rows={summary.data?.agents} rowKey={(a) => a.agentId ?? `name:${a.agent}`} columns={agentColumns} isPending={summary.isPending} error={summary.isError ? messages.signups.failedToFetch : null} empty={t('admin.daSignups.empty')} />
      </Stack>
      <Stack as="section" gap="3" aria-labelledby="agent-signups">
        <Heading as="h2" size="lg" id="agent-signups">
          {t('admin.daSignups.signupsHeading')}
        </Heading>
        <DataTable label={t('admin.daSignups.signupsLabel')} rows={signups.data?.rows} rowKey={(s) => s.id} columns={signupColumns} isPending={signups.isPending} error={signups.isError ? messages.signups.failedToFetch : null} empty={t('admin.daSignups.empty')} />
        {signups.data && <ListPager label={t('admin.daSignups.pages')} noun={t('admin.daSignups.signupsNoun')} page={page} pageSize={DA_SIGNUPS_PAGE_SIZE} shown={rows.length} total={total} onPage={setPage} />}
      </Stack>
    </Stack>
  )
}
