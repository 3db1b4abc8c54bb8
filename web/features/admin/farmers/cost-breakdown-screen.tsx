// /admin/cost-breakdown (spec 001 §2, §9): the daily rate (global admin edits), three summary cards,
// the Farmer Cost Breakdown table with Start Trial and the Include in Costing switch, and the
// Monthly Revenue Breakdown with its total row. Figures come from the server's cost rules, counted
// over every farmer in SQL; the table's rows come a page at a time (issue 19).
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
import { useCostBreakdown, useCostRows, useFarmerWrite, useSettings } from './farmers'
import { ListPager } from '../ui/list-pager'
import { ADMIN_FARMERS_PAGE_DEFAULT } from '../../../../api/contract/farmers'
import { SummaryCard } from '../ui/summary-card'
import { useT } from '../../../i18n/runtime'

const m = messages.farmers

const monthName = (month: string) => new Date(`${month}-01T00:00:00Z`).toLocaleDateString('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' })

export function CostBreakdownScreen() {
  const t = useT()
  useDocumentTitle(t('admin.screen.costBreakdown'))
  const { user } = useAdminSession()
  const isOnline = useIsOnline()
  const cost = useCostBreakdown()
  const [page, setPage] = useState(1)
  const rows = useCostRows(page)
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
      header: t('admin.daSignups.farmer'),
      cell: (f) => (
        <HStack gap="2" align="start">
          <FarmerNameCell name={f.name} detail={f.email} />
          <DemoBadge isDemo={f.isDemo} />
        </HStack>
      ),
    },
    { header: t('admin.column.status'), cell: (f) => <Badge colorPalette={f.isActive ? 'green' : 'red'}>{f.isActive ? t('admin.status.active') : t('admin.farmers.status.expired')}</Badge> },
    {
      header: t('admin.cost.trial'),
      cell: (f) =>
        f.isTrialActive ? (
          <Badge colorPalette="blue">{t('admin.cost.trialActive')}</Badge>
        ) : mayStartTrial ? (
          <Button size="xs" variant="outline" disabled={!isOnline} onClick={() => void startTrial(f)} aria-label={t('admin.cost.startTrialNamed', { name: f.name })}>
            {t('admin.cost.startTrial')}
          </Button>
        ) : (
          '—'
        ),
    },
    {
      header: t('admin.cost.includeInCosting'),
      cell: (f) => <SaveSwitch label={t('admin.cost.includeNamed', { name: f.name })} checked={f.includeInCosting} disabled={!mayToggle || !isOnline} onChange={(on) => void toggleCosting(f, on)} />,
    },
    { header: t('admin.cost.totalDays'), cell: (f) => f.totalDays },
    { header: t('admin.cost.activeDays'), cell: (f) => f.activeDays },
    { header: t('admin.cost.remainingDays'), cell: (f) => f.remainingDays },
    { header: t('admin.cost.totalCost'), cell: (f) => formatFjd(f.totalCost) },
    {
      header: t('admin.cost.subscriptionPeriod'),
      cell: (f) => (f.subscriptionStart && f.subscriptionEnd ? `${formatFijiDate(f.subscriptionStart)} – ${formatFijiDate(f.subscriptionEnd)}` : t('admin.farmers.noSubscription')),
    },
  ]

  return (
    <Stack gap="6">
      <BackToDashboard />
      <Heading as="h1" size="2xl">
        {t('admin.screen.costBreakdown')}
      </Heading>
      <OfflineNotice isOnline={isOnline} />
      {can(user.role, 'settings.edit') && <PricingSettings />}

      <SimpleGrid columns={{ base: 1, md: 3 }} gap="4">
        <SummaryCard label={t('admin.stats.totalRevenue')} value={formatFjd(data?.totalRevenue ?? 0)} hint={data?.demoRevenue ? t('admin.cost.revenueHintDemo', { amount: formatFjd(data.demoRevenue) }) : t('admin.cost.revenueHint')} />
        <SummaryCard label={t('admin.cost.totalActiveDays')} value={data?.totalActiveDays ?? 0} />
        <SummaryCard label={t('admin.cost.dailyRate')} value={formatFjd(data?.dailyRate ?? DEFAULT_DAILY_RATE)} hint={t('admin.cost.dailyRateHint')} />
      </SimpleGrid>

      <Stack as="section" gap="3" aria-labelledby="farmer-cost-breakdown">
        <Heading as="h2" size="lg" id="farmer-cost-breakdown">
          {t('admin.cost.farmerHeading')}
        </Heading>
        <DataTable label={t('admin.cost.farmerTable')} rows={rows.data?.rows} rowKey={(f) => f.id} columns={columns} isPending={rows.isPending} error={rows.isError ? m.failedToFetch : null} empty={t('admin.expired.empty')} />
        {rows.data && (
          <ListPager label={t('admin.cost.pages')} noun={t('admin.farmers.noun')} page={page} pageSize={ADMIN_FARMERS_PAGE_DEFAULT} shown={rows.data?.rows.length ?? 0} total={rows.data?.total ?? 0} onPage={setPage} />
        )}
      </Stack>

      <Stack as="section" gap="3" aria-labelledby="monthly-revenue">
        <Heading as="h2" size="lg" id="monthly-revenue">
          {t('admin.cost.monthlyHeading')}
        </Heading>
        {data && data.months.length === 0 ? <Text color="fg.muted">{t('admin.cost.noRevenue')}</Text> : data && <MonthlyTable months={data.months} total={data.monthsTotal} />}
      </Stack>
    </Stack>
  )
}

function MonthlyTable({ months, total }: { months: MonthlyRevenue[]; total: { revenue: number; maxActiveFarmers: number; averageMonthlyRevenue: number } }) {
  const t = useT()
  return (
    // Focusable so a keyboard can scroll it sideways on a phone (axe scrollable-region-focusable).
    <Table.ScrollArea borderWidth="1px" rounded="md" tabIndex={0} role="region" aria-label={t('admin.cost.monthlyTable')}>
      <Table.Root size="sm" aria-label={t('admin.cost.monthlyTable')}>
        <Table.Header>
          <Table.Row>
            <Table.ColumnHeader>{t('admin.cost.month')}</Table.ColumnHeader>
            <Table.ColumnHeader>{t('admin.cost.revenue')}</Table.ColumnHeader>
            <Table.ColumnHeader>{t('admin.cost.activeFarmers')}</Table.ColumnHeader>
            <Table.ColumnHeader>{t('admin.cost.averagePerFarmer')}</Table.ColumnHeader>
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
          <Table.Row fontWeight="bold" aria-label={t('admin.reviews.total')}>
            <Table.Cell>{t('admin.reviews.total')}</Table.Cell>
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
  const t = useT()
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
    <Card.Root size="sm" as="section" aria-label={t('admin.cost.pricingLabel')}>
      <Card.Body gap="3">
        <Heading as="h2" size="md">
          {t('admin.cost.pricingHeading')}
        </Heading>
        <Flex gap="3" align="flex-end" wrap="wrap">
          <FormField label={t('admin.cost.dailyRateField')} error={problem ?? undefined}>
            <Input type="number" step="0.01" min="0" max={MAX_DAILY_RATE} inputMode="decimal" readOnly={!editing} value={editing ? value : saved.toFixed(2)} onChange={(e) => setValue(e.target.value)} maxW="12rem" />
          </FormField>
          {editing ? (
            <>
              <Button colorPalette="brand" onClick={() => void save()} loading={write.isPending} disabled={!isOnline}>
                {t('admin.save')}
              </Button>
              <Button
                variant="outline"
                onClick={() => {
                  setEditing(false)
                  setProblem(null)
                }}
              >
                {t('admin.cancel')}
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
              {t('admin.edit')}
            </Button>
          )}
        </Flex>
      </Card.Body>
    </Card.Root>
  )
}
