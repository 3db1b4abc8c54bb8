// /admin/cost-breakdown (spec 001 §2, §9): the daily rate (global admin edits), three summary cards,
// the Farmer Cost Breakdown table with Start Trial and the Include in Costing switch, and the
// Monthly Revenue Breakdown with its total row. Figures come from the server's cost rules.
import { Badge, Button, Card, Flex, Heading, HStack, Input, SimpleGrid, Stack, Table, Text } from '@chakra-ui/react'
import { useState } from 'react'
import type { FarmerCost, MonthlyRevenue } from '../../../../api/contract/costing'
import { messages } from '../../../../api/contract/messages'
import { can } from '../../../../api/contract/permissions'
import { DEFAULT_DAILY_RATE, DailyRateFormSchema, MAX_DAILY_RATE } from '../../../../api/contract/settings'
import { formatFjd } from '../../../../api/contract/stats'
import { useIsOnline } from '../../../shared/session'
import { useDocumentTitle } from '../../../shared/site'
import { messageOr, toastError, toastSuccess } from '../feedback'
import { formatFijiDate } from '../format'
import { useAdminSession } from '../ui/admin-session'
import { BackToDashboard } from '../ui/back-to-dashboard'
import { DataTable, type Column } from '../ui/data-table'
import { FormField } from '../ui/form-field'
import { OfflineNotice } from '../ui/offline-notice'
import { SaveSwitch } from '../ui/switch'
import { FarmerNameCell } from './farmer-name-cell'
import { DemoBadge } from '../../../shared/ui/demo-badge'
import { useCostBreakdown, useFarmerWrite, useSettings } from './farmers'
import { SummaryCard } from '../ui/summary-card'

const m = messages.farmers

const monthName = (month: string) => new Date(`${month}-01T00:00:00Z`).toLocaleDateString('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' })

export function CostBreakdownScreen() {
  useDocumentTitle('Cost Breakdown')
  const { user } = useAdminSession()
  const isOnline = useIsOnline()
  const cost = useCostBreakdown()
  const write = useFarmerWrite()
  const mayToggle = can(user.role, 'costing.toggle')
  const mayStartTrial = can(user.role, 'trial.start')
  const data = cost.data

  const toggleCosting = async (farmer: FarmerCost, includeInCosting: boolean) => {
    try {
      await write.mutateAsync({ kind: 'update', id: farmer.id, body: { includeInCosting } })
      toastSuccess(m.costingUpdated)
    } catch {
      toastError(m.failedToUpdateCosting)
    }
  }
  const startTrial = async (farmer: FarmerCost) => {
    try {
      await write.mutateAsync({ kind: 'trial', id: farmer.id })
      toastSuccess(m.trialActivated)
    } catch (error) {
      toastError(messageOr(error, m.failedToActivateTrial))
    }
  }

  const columns: Column<FarmerCost>[] = [
    {
      header: 'Farmer',
      cell: (f) => (
        <HStack gap="2" align="start">
          <FarmerNameCell name={f.name} detail={f.email} />
          <DemoBadge isDemo={f.isDemo} />
        </HStack>
      ),
    },
    { header: 'Status', cell: (f) => <Badge colorPalette={f.isActive ? 'green' : 'red'}>{f.isActive ? 'Active' : 'Expired'}</Badge> },
    {
      header: 'Trial',
      cell: (f) =>
        f.isTrialActive ? (
          <Badge colorPalette="blue">Trial Active</Badge>
        ) : mayStartTrial ? (
          <Button size="xs" variant="outline" disabled={!isOnline} onClick={() => void startTrial(f)} aria-label={`Start trial for ${f.name}`}>
            Start Trial
          </Button>
        ) : (
          '—'
        ),
    },
    {
      header: 'Include in Costing',
      cell: (f) => <SaveSwitch label={`Include ${f.name} in costing`} checked={f.includeInCosting} disabled={!mayToggle || !isOnline} onChange={(on) => void toggleCosting(f, on)} />,
    },
    { header: 'Total Days', cell: (f) => f.totalDays },
    { header: 'Active Days', cell: (f) => f.activeDays },
    { header: 'Remaining Days', cell: (f) => f.remainingDays },
    { header: 'Total Cost', cell: (f) => formatFjd(f.totalCost) },
    {
      header: 'Subscription Period',
      cell: (f) => (f.subscriptionStart && f.subscriptionEnd ? `${formatFijiDate(f.subscriptionStart)} – ${formatFijiDate(f.subscriptionEnd)}` : 'No subscription'),
    },
  ]

  return (
    <Stack gap="6">
      <BackToDashboard />
      <Heading as="h1" size="2xl">
        Cost Breakdown
      </Heading>
      <OfflineNotice isOnline={isOnline} />
      {can(user.role, 'settings.edit') && <PricingSettings />}

      <SimpleGrid columns={{ base: 1, md: 3 }} gap="4">
        <SummaryCard label="Total Revenue" value={formatFjd(data?.totalRevenue ?? 0)} hint={data?.demoRevenue ? `Active subscriptions only; ${formatFjd(data.demoRevenue)} of it from demo farmers` : 'Active subscriptions only'} />
        <SummaryCard label="Total Active Days" value={data?.totalActiveDays ?? 0} />
        <SummaryCard label="Daily Rate" value={formatFjd(data?.dailyRate ?? DEFAULT_DAILY_RATE)} hint="Per farmer per day" />
      </SimpleGrid>

      <Stack as="section" gap="3" aria-labelledby="farmer-cost-breakdown">
        <Heading as="h2" size="lg" id="farmer-cost-breakdown">
          Farmer Cost Breakdown
        </Heading>
        <DataTable label="Farmer cost breakdown" rows={data?.farmers} rowKey={(f) => f.id} columns={columns} isPending={cost.isPending} error={cost.isError ? m.failedToFetch : null} empty="No farmers found" />
      </Stack>

      <Stack as="section" gap="3" aria-labelledby="monthly-revenue">
        <Heading as="h2" size="lg" id="monthly-revenue">
          Monthly Revenue Breakdown
        </Heading>
        {data && data.months.length === 0 ? <Text color="fg.muted">No revenue data available</Text> : data && <MonthlyTable months={data.months} total={data.monthsTotal} />}
      </Stack>
    </Stack>
  )
}

function MonthlyTable({ months, total }: { months: MonthlyRevenue[]; total: { revenue: number; maxActiveFarmers: number; averageMonthlyRevenue: number } }) {
  return (
    // Focusable so a keyboard can scroll it sideways on a phone (axe scrollable-region-focusable).
    <Table.ScrollArea borderWidth="1px" rounded="md" tabIndex={0} role="region" aria-label="Monthly revenue breakdown">
      <Table.Root size="sm" aria-label="Monthly revenue breakdown">
        <Table.Header>
          <Table.Row>
            <Table.ColumnHeader>Month</Table.ColumnHeader>
            <Table.ColumnHeader>Revenue</Table.ColumnHeader>
            <Table.ColumnHeader>Active Farmers</Table.ColumnHeader>
            <Table.ColumnHeader>Average per Farmer</Table.ColumnHeader>
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {months.map((month) => (
            <Table.Row key={month.month}>
              <Table.Cell>{monthName(month.month)}</Table.Cell>
              <Table.Cell>{formatFjd(month.revenue)}</Table.Cell>
              <Table.Cell>{month.activeFarmers}</Table.Cell>
              <Table.Cell>{formatFjd(month.averagePerFarmer)}</Table.Cell>
            </Table.Row>
          ))}
        </Table.Body>
        <Table.Footer>
          <Table.Row fontWeight="bold" aria-label="Total">
            <Table.Cell>Total</Table.Cell>
            <Table.Cell>{formatFjd(total.revenue)}</Table.Cell>
            <Table.Cell>{total.maxActiveFarmers}</Table.Cell>
            <Table.Cell>{formatFjd(total.averageMonthlyRevenue)}</Table.Cell>
          </Table.Row>
        </Table.Footer>
      </Table.Root>
    </Table.ScrollArea>
  )
}

/** The daily rate: read-only until Edit; Cancel restores the saved value (spec 001 §2). */
function PricingSettings() {
  const isOnline = useIsOnline()
  const settings = useSettings()
  const write = useFarmerWrite()
  const saved = settings.data?.dailyRate ?? DEFAULT_DAILY_RATE
  const [editing, setEditing] = useState(false)
  const [value, setValue] = useState('')
  const [problem, setProblem] = useState<string | null>(null)

  const save = async () => {
    const parsed = DailyRateFormSchema.safeParse({ dailyRate: value === '' ? Number.NaN : Number(value) })
    if (!parsed.success) {
      // The same bounds and words as the server's (contract/settings.ts).
      const problem = parsed.error.issues[0]?.message ?? messages.settings.dailyRateInvalid
      setProblem(problem)
      toastError(problem)
      return
    }
    try {
      await write.mutateAsync({ kind: 'settings', body: { dailyRate: parsed.data.dailyRate } })
      toastSuccess(messages.settings.dailyRateUpdated)
      setEditing(false)
      setProblem(null)
    } catch {
      toastError(messages.settings.failedToUpdateDailyRate)
    }
  }

  return (
    <Card.Root size="sm" as="section" aria-label="Pricing settings">
      <Card.Body gap="3">
        <Heading as="h2" size="md">
          Pricing Settings
        </Heading>
        <Flex gap="3" align="flex-end" wrap="wrap">
          <FormField label="Daily Rate (FJ$ per farmer per day)" error={problem ?? undefined}>
            <Input type="number" step="0.01" min="0" max={MAX_DAILY_RATE} inputMode="decimal" readOnly={!editing} value={editing ? value : saved.toFixed(2)} onChange={(e) => setValue(e.target.value)} maxW="12rem" />
          </FormField>
          {editing ? (
            <>
              <Button colorPalette="brand" onClick={() => void save()} loading={write.isPending} disabled={!isOnline}>
                Save
              </Button>
              <Button
                variant="outline"
                onClick={() => {
                  setEditing(false)
                  setProblem(null)
                }}
              >
                Cancel
              </Button>
            </>
          ) : (
            <Button
              variant="outline"
              onClick={() => {
                setValue(String(saved))
                setEditing(true)
              }}
            >
              Edit
            </Button>
          )}
        </Flex>
      </Card.Body>
    </Card.Root>
  )
}
