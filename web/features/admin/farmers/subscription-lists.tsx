// The lists behind the dashboard cards (spec 001 §2, §9): Expired Subscriptions (global only),
// Active Pending, and Trial Period (with the default trial length, global admin edits).
import { Badge, Button, Flex, Heading, Input, Link, SimpleGrid, Stack, Text } from '@chakra-ui/react'
import { useState } from 'react'
import type { ActivePendingFarmer, ExpiredFarmer, TrialFarmer } from '../../../../api/contract/farmers'
import { messages } from '../../../../api/contract/messages'
import { can } from '../../../../api/contract/permissions'
import { DEFAULT_TRIAL_PERIOD_DAYS, MAX_TRIAL_PERIOD_DAYS, TrialPeriodFormSchema } from '../../../../api/contract/settings'
import { useIsOnline } from '../../../shared/session'
import { useDocumentTitle } from '../../../shared/site'
import { messageOr, toastError, toastSuccess } from '../feedback'
import { formatFijiDate, formatFijiDateTime } from '../format'
import { useAdminSession } from '../ui/admin-session'
import { BackToDashboard } from '../ui/back-to-dashboard'
import { DataTable, type Column } from '../ui/data-table'
import { FormField } from '../ui/form-field'
import { OfflineNotice } from '../ui/offline-notice'
import { FarmerNameCell } from './farmer-name-cell'
import { ADMIN_FARMERS_PAGE_DEFAULT } from '../../../../api/contract/farmers'
import { ListPager } from '../ui/list-pager'
import { placeOf, useActivePending, useActivePendingSummary, useExpiredFarmers, useExpiredSummary, useFarmerWrite, useSettings, useTrialFarmers, useTrialSummary } from './farmers'
import { SummaryCard } from '../ui/summary-card'
import { countLabel } from '../../../shared/plural'

const m = messages.farmers

function Contact({ phone, email }: { phone: string | null; email: string | null }) {
  return (
    <Stack gap="0">
      {phone && <Link href={`tel:${phone.replace(/\s+/g, '')}`}>{phone}</Link>}
      {email && <Link href={`mailto:${email}`}>{email}</Link>}
    </Stack>
  )
}

/** Expired buckets (spec 001 §9): up to 30 days destructive, 31 to 90 secondary, over 90 outline. */
export function expiredBucket(days: number): { palette: string; variant: 'solid' | 'subtle' | 'outline' } {
  if (days <= 30) return { palette: 'red', variant: 'solid' }
  if (days <= 90) return { palette: 'gray', variant: 'subtle' }
  return { palette: 'gray', variant: 'outline' }
}

export function ExpiredSubscriptionsScreen() {
  useDocumentTitle('Expired Subscriptions')
  const [page, setPage] = useState(1)
  const expired = useExpiredFarmers(page)
  const summary = useExpiredSummary()
  const total = expired.data?.total ?? 0
  const columns: Column<ExpiredFarmer>[] = [
    { header: 'Name', cell: (f) => <FarmerNameCell name={f.name} isDemo={f.isDemo} /> },
    { header: 'Contact Number', cell: (f) => (f.phone ? <Link href={`tel:${f.phone.replace(/\s+/g, '')}`}>{f.phone}</Link> : '—') },
    { header: 'Email', cell: (f) => (f.email ? <Link href={`mailto:${f.email}`}>{f.email}</Link> : '—') },
    {
      header: 'Days Since Last Active',
      cell: (f) => {
        const bucket = expiredBucket(f.daysSinceLastActive)
        return (
          <Badge colorPalette={bucket.palette} variant={bucket.variant}>
            {countLabel(f.daysSinceLastActive, 'day')}
          </Badge>
        )
      },
    },
    {
      header: 'Last Subscription',
      cell: (f) => (
        <Stack gap="0">
          <Text>{f.subscriptionStart && f.subscriptionEnd ? countLabel(Math.max(0, Math.ceil((Date.parse(f.subscriptionEnd) - Date.parse(f.subscriptionStart)) / 86400000)), 'day') : '—'}</Text>
          <Text fontSize="xs" color="fg.muted">
            Expired {formatFijiDateTime(f.subscriptionEnd)}
          </Text>
        </Stack>
      ),
    },
  ]
  return (
    <Stack gap="6">
      <BackToDashboard />
      <Heading as="h1" size="2xl">
        Expired Subscriptions
      </Heading>
      <SimpleGrid columns={{ base: 1, md: 3 }} gap="4">
        <SummaryCard label="Recently Expired" value={summary.data?.recent ?? 0} hint="30 days or fewer" />
        <SummaryCard label="Long Expired" value={summary.data?.long ?? 0} hint="31 to 90 days" />
        <SummaryCard label="Very Long Expired" value={summary.data?.veryLong ?? 0} hint="Over 90 days" />
      </SimpleGrid>
      <DataTable
        label="Expired farmers"
        rows={expired.data?.rows}
        rowKey={(f) => f.id}
        columns={columns}
        isPending={expired.isPending}
        error={expired.isError ? m.failedToFetchExpired : null}
        empty={
          <Stack gap="1">
            <Text fontWeight="semibold">No farmers found</Text>
            <Text color="fg.muted">All farmers currently have active subscriptions</Text>
          </Stack>
        }
      />
      {total > ADMIN_FARMERS_PAGE_DEFAULT && (
        <ListPager label="Expired farmers pages" noun="farmers" page={page} pageSize={ADMIN_FARMERS_PAGE_DEFAULT} shown={expired.data?.rows.length ?? 0} total={total} onPage={setPage} />
      )}
    </Stack>
  )
}

export function ActivePendingScreen() {
  useDocumentTitle('Active Pending')
  const [page, setPage] = useState(1)
  const pending = useActivePending(page)
  const summary = useActivePendingSummary()
  const total = pending.data?.total ?? 0
  const columns: Column<ActivePendingFarmer>[] = [
    {
      header: 'Farmer',
      cell: (f) => <FarmerNameCell name={f.name} detail={placeOf(f)} isDemo={f.isDemo} />,
    },
    { header: 'Contact', cell: (f) => <Contact phone={f.phone} email={f.email} /> },
    { header: 'Activation Date', cell: (f) => (f.subscriptionStart ? formatFijiDateTime(f.subscriptionStart) : 'Not set') },
    {
      header: 'Days Until Active',
      cell: (f) => <Badge colorPalette={f.daysUntilActive <= 3 ? 'red' : f.daysUntilActive <= 7 ? 'orange' : 'gray'}>{countLabel(f.daysUntilActive, 'day')}</Badge>,
    },
    { header: 'Status', cell: () => <Badge colorPalette="blue">Pending</Badge> },
  ]
  return (
    <Stack gap="6">
      <BackToDashboard />
      <Heading as="h1" size="2xl">
        Active Pending
      </Heading>
      <SimpleGrid columns={{ base: 1, md: 3 }} gap="4">
        <SummaryCard label="Total Pending" value={summary.data?.total ?? 0} />
        <SummaryCard label="Activating This Week" value={summary.data?.thisWeek ?? 0} hint="7 days or fewer" />
        <SummaryCard label="Activating Tomorrow" value={summary.data?.tomorrow ?? 0} hint="1 day or fewer" />
      </SimpleGrid>
      <DataTable
        label="Pending activations"
        rows={pending.data?.rows}
        rowKey={(f) => f.id}
        columns={columns}
        isPending={pending.isPending}
        error={pending.isError ? m.failedToFetchPending : null}
        empty={<Text fontWeight="semibold">No Pending Activations</Text>}
      />
      {total > ADMIN_FARMERS_PAGE_DEFAULT && (
        <ListPager label="Pending activations pages" noun="farmers" page={page} pageSize={ADMIN_FARMERS_PAGE_DEFAULT} shown={pending.data?.rows.length ?? 0} total={total} onPage={setPage} />
      )}
    </Stack>
  )
}

export function TrialPeriodScreen() {
  useDocumentTitle('Trial Period')
  const { user } = useAdminSession()
  const [page, setPage] = useState(1)
  const trials = useTrialFarmers(page)
  const summary = useTrialSummary()
  const total = trials.data?.total ?? 0
  const columns: Column<TrialFarmer>[] = [
    { header: 'Name', cell: (f) => <FarmerNameCell name={f.name} isDemo={f.isDemo} /> },
    { header: 'Contact Number', cell: (f) => (f.phone ? <Link href={`tel:${f.phone.replace(/\s+/g, '')}`}>{f.phone}</Link> : '—') },
    { header: 'Days in Trial', cell: (f) => f.daysInTrial },
    { header: 'Trial Status', cell: (f) => <Badge colorPalette={f.trialStatus === 'Active' ? 'green' : 'red'}>{f.trialStatus}</Badge> },
    { header: 'Trial Start', cell: (f) => formatFijiDate(f.trialStartDate) || '—' },
    { header: 'Trial End', cell: (f) => formatFijiDate(f.trialEndDate) || '—' },
  ]
  return (
    <Stack gap="6">
      <BackToDashboard />
      <Heading as="h1" size="2xl">
        Trial Period
      </Heading>
      <SimpleGrid columns={{ base: 1, md: 3 }} gap="4">
        <SummaryCard label="Active Trials" value={summary.data?.active ?? 0} />
        <SummaryCard label="Expired Trials" value={summary.data?.expired ?? 0} />
        <TrialLength mayEdit={can(user.role, 'settings.edit')} />
      </SimpleGrid>
      <DataTable label="Farmers in trial" rows={trials.data?.rows} rowKey={(f) => f.id} columns={columns} isPending={trials.isPending} error={trials.isError ? m.failedToFetchTrial : null} empty="No farmers in trial mode" />
      {total > ADMIN_FARMERS_PAGE_DEFAULT && (
        <ListPager label="Farmers in trial pages" noun="farmers" page={page} pageSize={ADMIN_FARMERS_PAGE_DEFAULT} shown={trials.data?.rows.length ?? 0} total={total} onPage={setPage} />
      )}
    </Stack>
  )
}

function TrialLength({ mayEdit }: { mayEdit: boolean }) {
  const isOnline = useIsOnline()
  const settings = useSettings()
  const write = useFarmerWrite()
  const saved = settings.data?.trialPeriodDays ?? DEFAULT_TRIAL_PERIOD_DAYS
  const [value, setValue] = useState<string | null>(null)
  const [problem, setProblem] = useState<string | null>(null)

  const save = async () => {
    const parsed = TrialPeriodFormSchema.safeParse({ trialPeriodDays: value === '' || value === null ? Number.NaN : Number(value) })
    if (!parsed.success || !settings.data) {
      const problem = parsed.error?.issues[0]?.message ?? messages.settings.trialPeriodMin
      setProblem(problem)
      toastError(problem)
      return
    }
    try {
      // The daily rate is sent along (spec 001 §7).
      await write.mutateAsync({ kind: 'settings', body: { dailyRate: settings.data.dailyRate, trialPeriodDays: parsed.data.trialPeriodDays } })
      toastSuccess(messages.settings.trialPeriodUpdated)
      setValue(null)
      setProblem(null)
    } catch (error) {
      toastError(messageOr(error, messages.settings.failedToUpdateTrialPeriod))
    }
  }

  if (!mayEdit) return <SummaryCard label="Default Trial Length" value={countLabel(saved, 'day')} />
  return (
    <Stack borderWidth="1px" rounded="md" p="3" gap="2" as="section" aria-label="Default Trial Length">
      <OfflineNotice isOnline={isOnline} />
      <Flex gap="2" align="flex-end" wrap="wrap">
        <FormField label="Default Trial Length (days)" error={problem ?? undefined}>
          <Input type="number" min="1" max={MAX_TRIAL_PERIOD_DAYS} step="1" inputMode="numeric" value={value ?? String(saved)} onChange={(e) => setValue(e.target.value)} maxW="8rem" />
        </FormField>
        <Button colorPalette="brand" onClick={() => void save()} loading={write.isPending} disabled={!isOnline || value === null}>
          Save
        </Button>
      </Flex>
    </Stack>
  )
}
