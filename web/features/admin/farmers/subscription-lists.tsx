// The lists behind the dashboard cards (spec 001 §2, §9): Expired Subscriptions (global only),
// Active Pending, and Trial Period (with the default trial length, global admin edits).
import { Badge, Button, Flex, Heading, Input, Link, SimpleGrid, Stack, Text } from '@chakra-ui/react'
import { useState } from 'react'
import type { ActivePendingFarmer, ExpiredFarmer, TrialFarmer } from '../../../../api/contract/farmers'
import { telHref } from '../../../../api/contract/display'
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
import { placeOf, useActivePending, useActivePendingSummary, useExpiredFarmers, useExpiredSummary, useFarmerWrite, useReadSavedSettings, useSettings, useTrialFarmers, useTrialSummary } from './farmers'
import { SummaryCard } from '../ui/summary-card'
import { t as translate, useT } from '../../../i18n/runtime'

/** "1 day", "12 days" (the count as it is, unformatted). */
const countDays = (n: number) => translate('admin.farmers.days', { count: n, n: String(n) })

const m = messages.farmers

function Contact({ phone, email }: { phone: string | null; email: string | null }) {
  return (
    <Stack gap="0">
      {phone && <Link href={telHref(phone)}>{phone}</Link>}
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
  const t = useT()
  useDocumentTitle(t('admin.screen.expiredSubscriptions'))
  const [page, setPage] = useState(1)
  const expired = useExpiredFarmers(page)
  const summary = useExpiredSummary()
  const total = expired.data?.total ?? 0
  const columns: Column<ExpiredFarmer>[] = [
    { header: t('admin.column.name'), cell: (f) => <FarmerNameCell name={f.name} isDemo={f.isDemo} /> },
    { header: t('admin.experts.contactNumber'), cell: (f) => (f.phone ? <Link href={telHref(f.phone)}>{f.phone}</Link> : '—') },
    { header: t('admin.column.email'), cell: (f) => (f.email ? <Link href={`mailto:${f.email}`}>{f.email}</Link> : '—') },
    {
      header: t('admin.expired.daysSince'),
      cell: (f) => {
        const bucket = expiredBucket(f.daysSinceLastActive)
        return (
          <Badge colorPalette={bucket.palette} variant={bucket.variant}>
            {countDays(f.daysSinceLastActive)}
          </Badge>
        )
      },
    },
    {
      header: t('admin.expired.lastSubscription'),
      cell: (f) => (
        <Stack gap="0">
          <Text>{f.subscriptionStart && f.subscriptionEnd ? countDays(Math.max(0, Math.ceil((Date.parse(f.subscriptionEnd) - Date.parse(f.subscriptionStart)) / 86400000))) : '—'}</Text>
          <Text fontSize="xs" color="fg.muted">
            {t('admin.expired.expiredOn', { time: formatFijiDateTime(f.subscriptionEnd) })}
          </Text>
        </Stack>
      ),
    },
  ]
  return (
    <Stack gap="6">
      <BackToDashboard />
      <Heading as="h1" size="2xl">
        {t('admin.screen.expiredSubscriptions')}
      </Heading>
      <SimpleGrid columns={{ base: 1, md: 3 }} gap="4">
        <SummaryCard label={t('admin.expired.recent')} value={summary.data?.recent ?? 0} hint={t('admin.expired.recentHint')} />
        <SummaryCard label={t('admin.expired.long')} value={summary.data?.long ?? 0} hint={t('admin.expired.longHint')} />
        <SummaryCard label={t('admin.expired.veryLong')} value={summary.data?.veryLong ?? 0} hint={t('admin.expired.veryLongHint')} />
      </SimpleGrid>
      <DataTable
        label={t('admin.expired.table')}
        rows={expired.data?.rows}
        rowKey={(f) => f.id}
        columns={columns}
        isPending={expired.isPending}
        error={expired.isError ? m.failedToFetchExpired : null}
        empty={
          <Stack gap="1">
            <Text fontWeight="semibold">{t('admin.expired.empty')}</Text>
            <Text color="fg.muted">{t('admin.expired.emptyBody')}</Text>
          </Stack>
        }
      />
      {expired.data && (
        <ListPager label={t('admin.expired.pages')} noun={t('admin.farmers.noun')} page={page} pageSize={ADMIN_FARMERS_PAGE_DEFAULT} shown={expired.data?.rows.length ?? 0} total={total} onPage={setPage} />
      )}
    </Stack>
  )
}

export function ActivePendingScreen() {
  const t = useT()
  useDocumentTitle(t('admin.screen.activePending'))
  const [page, setPage] = useState(1)
  const pending = useActivePending(page)
  const summary = useActivePendingSummary()
  const total = pending.data?.total ?? 0
  const columns: Column<ActivePendingFarmer>[] = [
    {
      header: t('admin.daSignups.farmer'),
      cell: (f) => <FarmerNameCell name={f.name} detail={placeOf(f)} isDemo={f.isDemo} />,
    },
    { header: t('admin.farmers.contact'), cell: (f) => <Contact phone={f.phone} email={f.email} /> },
    { header: t('admin.pending.activationDate'), cell: (f) => (f.subscriptionStart ? formatFijiDateTime(f.subscriptionStart) : t('admin.pending.notSet')) },
    {
      header: t('admin.pending.daysUntil'),
      cell: (f) => <Badge colorPalette={f.daysUntilActive <= 3 ? 'red' : f.daysUntilActive <= 7 ? 'orange' : 'gray'}>{countDays(f.daysUntilActive)}</Badge>,
    },
    { header: t('admin.column.status'), cell: () => <Badge colorPalette="blue">{t('admin.reviews.tab.pending')}</Badge> },
  ]
  return (
    <Stack gap="6">
      <BackToDashboard />
      <Heading as="h1" size="2xl">
        {t('admin.screen.activePending')}
      </Heading>
      <SimpleGrid columns={{ base: 1, md: 3 }} gap="4">
        <SummaryCard label={t('admin.pending.total')} value={summary.data?.total ?? 0} />
        <SummaryCard label={t('admin.pending.thisWeek')} value={summary.data?.thisWeek ?? 0} hint={t('admin.pending.thisWeekHint')} />
        <SummaryCard label={t('admin.pending.tomorrow')} value={summary.data?.tomorrow ?? 0} hint={t('admin.pending.tomorrowHint')} />
      </SimpleGrid>
      <DataTable
        label={t('admin.pending.table')}
        rows={pending.data?.rows}
        rowKey={(f) => f.id}
        columns={columns}
        isPending={pending.isPending}
        error={pending.isError ? m.failedToFetchPending : null}
        empty={<Text fontWeight="semibold">{t('admin.pending.empty')}</Text>}
      />
      {pending.data && (
        <ListPager label={t('admin.pending.pages')} noun={t('admin.farmers.noun')} page={page} pageSize={ADMIN_FARMERS_PAGE_DEFAULT} shown={pending.data?.rows.length ?? 0} total={total} onPage={setPage} />
      )}
    </Stack>
  )
}

export function TrialPeriodScreen() {
  const t = useT()
  useDocumentTitle(t('admin.screen.trialPeriod'))
  const { user } = useAdminSession()
  const [page, setPage] = useState(1)
  const trials = useTrialFarmers(page)
  const summary = useTrialSummary()
  const total = trials.data?.total ?? 0
  const columns: Column<TrialFarmer>[] = [
    { header: t('admin.column.name'), cell: (f) => <FarmerNameCell name={f.name} isDemo={f.isDemo} /> },
    { header: t('admin.experts.contactNumber'), cell: (f) => (f.phone ? <Link href={telHref(f.phone)}>{f.phone}</Link> : '—') },
    { header: t('admin.trial.daysInTrial'), cell: (f) => f.daysInTrial },
    { header: t('admin.trial.status'), cell: (f) => <Badge colorPalette={f.trialStatus === 'Active' ? 'green' : 'red'}>{f.trialStatus}</Badge> },
    { header: t('admin.trial.start'), cell: (f) => formatFijiDate(f.trialStartDate) || '—' },
    { header: t('admin.trial.end'), cell: (f) => formatFijiDate(f.trialEndDate) || '—' },
  ]
  return (
    <Stack gap="6">
      <BackToDashboard />
      <Heading as="h1" size="2xl">
        {t('admin.screen.trialPeriod')}
      </Heading>
      <SimpleGrid columns={{ base: 1, md: 3 }} gap="4">
        <SummaryCard label={t('admin.trial.active')} value={summary.data?.active ?? 0} />
        <SummaryCard label={t('admin.trial.expired')} value={summary.data?.expired ?? 0} />
        <TrialLength mayEdit={can(user.role, 'settings.edit')} />
      </SimpleGrid>
      <DataTable label={t('admin.trial.table')} rows={trials.data?.rows} rowKey={(f) => f.id} columns={columns} isPending={trials.isPending} error={trials.isError ? m.failedToFetchTrial : null} empty={t('admin.trial.empty')} />
      {trials.data && (
        <ListPager label={t('admin.trial.pages')} noun={t('admin.farmers.noun')} page={page} pageSize={ADMIN_FARMERS_PAGE_DEFAULT} shown={trials.data?.rows.length ?? 0} total={total} onPage={setPage} />
      )}
    </Stack>
  )
}

function TrialLength({ mayEdit }: { mayEdit: boolean }) {
  const t = useT()
  const isOnline = useIsOnline()
  const settings = useSettings()
  const write = useFarmerWrite()
  const readSavedSettings = useReadSavedSettings()
  const saved = settings.data?.trialPeriodDays ?? DEFAULT_TRIAL_PERIOD_DAYS
  const [value, setValue] = useState<string | null>(null)
  const [problem, setProblem] = useState<string | null>(null)

  const save = async () => {
    const parsed = TrialPeriodFormSchema.safeParse({ trialPeriodDays: value === '' || value === null ? Number.NaN : Number(value) })
    if (!parsed.success) {
      const problem = parsed.error?.issues[0]?.message ?? messages.settings.trialPeriodMin
      setProblem(problem)
      toastError(problem)
      return
    }
    try {
      // The daily rate is sent along (spec 001 §7), as saved now: the page's copy may be older.
      const { dailyRate } = await readSavedSettings()
      await write.mutateAsync({ kind: 'settings', body: { dailyRate, trialPeriodDays: parsed.data.trialPeriodDays } })
      toastSuccess(messages.settings.trialPeriodUpdated)
      setValue(null)
      setProblem(null)
    } catch (error) {
      toastError(messageOr(error, messages.settings.failedToUpdateTrialPeriod))
    }
  }

  if (!mayEdit) return <SummaryCard label={t('admin.trial.defaultLength')} value={countDays(saved)} />
  return (
    <Stack borderWidth="1px" rounded="md" p="3" gap="2" as="section" aria-label={t('admin.trial.defaultLength')}>
      <OfflineNotice isOnline={isOnline} />
      <Flex gap="2" align="flex-end" wrap="wrap">
        <FormField label={t('admin.trial.defaultLengthDays')} error={problem ?? undefined}>
          <Input type="number" min="1" max={MAX_TRIAL_PERIOD_DAYS} step="1" inputMode="numeric" value={value ?? String(saved)} onChange={(e) => setValue(e.target.value)} maxW="8rem" />
        </FormField>
        <Button colorPalette="brand" onClick={() => void save()} loading={write.isPending} disabled={!isOnline || value === null}>
          {t('admin.save')}
        </Button>
      </Flex>
    </Stack>
  )
}
