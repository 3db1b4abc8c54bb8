// /admin/da-signups (spec 001 §2, global only): signups made by data agents over a date range, with
// stats, a per-agent summary (success rate = approved / total, rounded), a table and a CSV made here.
import { Badge, Button, Flex, Heading, SimpleGrid, Stack } from '@chakra-ui/react'
import { useState } from 'react'
import type { FarmerSignupRecord } from '../../../../api/contract/farmer-signup'
import { messages } from '../../../../api/contract/messages'
import { exportCsv } from '../../../shared/csv'
import { useDocumentTitle } from '../../../shared/site'
import { formatFijiDateTime } from '../format'
import { BackToDashboard } from '../ui/back-to-dashboard'
import { DataTable, type Column } from '../ui/data-table'
import { SummaryCard } from '../ui/summary-card'
import { agentSummaries, dataAgentRanges, dataAgentSignupsCsv, useDataAgentSignups, type AgentSummary, type DataAgentRange } from './signups'
import { DemoBadge } from '../../../shared/ui/demo-badge'

const statusPalette = { pending: 'orange', approved: 'green', rejected: 'red' } as const

export function DataAgentSignupsScreen() {
  useDocumentTitle('Data Agent Signups')
  const [range, setRange] = useState<DataAgentRange>('last7days')
  const signups = useDataAgentSignups(range)
  const rows = signups.data ?? []
  const count = (status: FarmerSignupRecord['status']) => rows.filter((s) => s.status === status).length

  const agentColumns: Column<AgentSummary>[] = [
    { header: 'Data Agent', cell: (a) => a.agent },
    { header: 'Total', cell: (a) => a.total },
    { header: 'Approved', cell: (a) => a.approved },
    { header: 'Rejected', cell: (a) => a.rejected },
    { header: 'Pending', cell: (a) => a.pending },
    { header: 'Success Rate', cell: (a) => `${a.successRate}%` },
  ]
  const signupColumns: Column<FarmerSignupRecord>[] = [
    {
      header: 'Farmer',
      cell: (s) => (
        <>
          {s.name} <DemoBadge isDemo={s.isDemo} title="Sample application for trying the app, not a real farmer" />
        </>
      ),
    },
    { header: 'Phone', cell: (s) => s.phone },
    { header: 'Data Agent', cell: (s) => s.dataAgentName ?? '—' },
    { header: 'Cities', cell: (s) => s.cities.join(', ') },
    { header: 'Status', cell: (s) => <Badge colorPalette={statusPalette[s.status]}>{s.status}</Badge> },
    { header: 'Submitted', cell: (s) => formatFijiDateTime(s.createdAt) },
  ]

  return (
    <Stack gap="6">
      <BackToDashboard />
      <Flex gap="3" wrap="wrap" justify="space-between" align="center">
        <Heading as="h1" size="2xl">
          Data Agent Signups
        </Heading>
        <Button variant="outline" onClick={() => exportCsv(dataAgentSignupsCsv(rows))} disabled={signups.isPending}>
          Export CSV
        </Button>
      </Flex>
      <Flex gap="2" wrap="wrap" role="group" aria-label="Date range">
        {dataAgentRanges.map((option) => (
          <Button key={option.value} size="sm" variant={range === option.value ? 'solid' : 'outline'} colorPalette="brand" aria-pressed={range === option.value} onClick={() => setRange(option.value)}>
            {option.label}
          </Button>
        ))}
      </Flex>
      <SimpleGrid columns={{ base: 2, md: 4 }} gap="4">
        <SummaryCard label="Total Signups" value={rows.length} />
        <SummaryCard label="Approved" value={count('approved')} />
        <SummaryCard label="Rejected" value={count('rejected')} />
        <SummaryCard label="Pending" value={count('pending')} />
      </SimpleGrid>
      <Stack as="section" gap="3" aria-labelledby="agent-summary">
        <Heading as="h2" size="lg" id="agent-summary">
          Per-Agent Summary
        </Heading>
        <DataTable label="Per-agent summary" rows={agentSummaries(rows)} rowKey={(a) => a.agent} columns={agentColumns} isPending={signups.isPending} error={signups.isError ? messages.signups.failedToFetch : null} empty="No data agent signups in this period." />
      </Stack>
      <Stack as="section" gap="3" aria-labelledby="agent-signups">
        <Heading as="h2" size="lg" id="agent-signups">
          Signups
        </Heading>
        <DataTable label="Data agent signups" rows={rows} rowKey={(s) => s.id} columns={signupColumns} isPending={signups.isPending} empty="No data agent signups in this period." />
      </Stack>
    </Stack>
  )
}
