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
import { placeOf, useActivePending, useExpiredFarmers, useFarmerWrite, useSettings, useTrialFarmers } from './farmers'
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
  const expired = useExpiredFarmers()
  const rows = expired.data ?? []
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
        <SummaryCard label="Recently Expired" value={rows.filter((f) => f.daysSinceLastActive <= 30).length} hint="30 days or fewer" />
        <SummaryCard label="Long Expired" value={rows.filter((f) => f.daysSinceLastActive > 30 && f.daysSinceLastActive <= 90).length} hint="31 to 90 days" />
        <SummaryCard label="Very Long Expired" value={rows.filter((f) => f.daysSinceLastActive > 90).length} hint="Over 90 days" />
      </SimpleGrid>
      <DataTable
        label="Expired farmers"
        rows={expired.data}
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
    </Stack>
  )
}

export function ActivePendingScreen() {
  useDocumentTitle('Active Pending')
  const pending = useActivePending()
  const rows = pending.data ?? []
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
        <SummaryCard label="Total Pending" value={rows.length} />
        <SummaryCard label="Activating This Week" value={rows.filter((f) => f.daysUntilActive <= 7).length} hint="7 days or fewer" />
        <SummaryCard label="Activating Tomorrow" value={rows.filter((f) => f.daysUntilActive <= 1).length} hint="1 day or fewer" />
      </SimpleGrid>
      <DataTable
        label="Pending activations"
        rows={pending.data}
        rowKey={(f) => f.id}
        columns={columns}
        isPending={pending.isPending}
        error={pending.isError ? m.failedToFetchPending : null}
        empty={<Text fontWeight="semibold">No Pending Activations</Text>}
      />
    </Stack>
  )
}

export function TrialPeriodScreen() {
  useDocumentTitle('Trial Period')
  const { user } = useAdminSession()
  const trials = useTrialFarmers()
  const rows = trials.data ?? []
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
        <SummaryCard label="Active Trials" value={rows.filter((f) => f.trialStatus === 'Active').length} />
        <SummaryCard label="Expired Trials" value={rows.filter((f) => f.trialStatus === 'Expired').length} />
        <TrialLength mayEdit={can(user.role, 'settings.edit')} />
      </SimpleGrid>
      <DataTable label="Farmers in trial" rows={trials.data} rowKey={(f) => f.id} columns={columns} isPending={trials.isPending} error={trials.isError ? m.failedToFetchTrial : null} empty="No farmers in trial mode" />
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
