// /admin/farmers, Farmers Management (spec 001 §2; clarifications roles): search, status, city and produce filters
// and the order run on the server, a page at a time; a table on large screens and cards on small; Add, Edit,
// Delete, Premium and Bulk switches, Activate/Deactivate, subscription edit and the CSV export of what the
// filters show, each shown only to the roles that hold it (data agents view and export). The table fits a
// 1366-wide desk screen without scrolling sideways (farmer-columns.tsx, decision 024).
import { Button, Flex, Heading, HStack, Input, NativeSelect, Stack } from '@chakra-ui/react'
import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import type { AdminFarmer, FarmerStatusFilter } from '../../../../api/contract/farmers'
import { messages } from '../../../../api/contract/messages'
import type { PublicLocation, PublicProduce } from '../../../../api/contract/reference'
import { can } from '../../../../api/contract/permissions'
import type { AdminFarmerSort } from '../../../../api/contract/farmers'
import { useIsOnline } from '../../../shared/session'
import { useDocumentTitle } from '../../../shared/site'
import { toastError, toastSuccess } from '../feedback'
import { useAdminSession } from '../ui/admin-session'
import { BackToDashboard } from '../ui/back-to-dashboard'
import { DataTable } from '../ui/data-table'
import { NameSelect } from '../ui/name-select'
import { OfflineNotice } from '../ui/offline-notice'
import { downloadServerCsv } from '../ui/server-csv'
import { FarmerPager } from './farmer-pager'
import { DeleteFarmerDialog, FarmerFormDialog, SubscriptionDialog } from './farmer-dialogs'
import { farmerColumns } from './farmer-columns'
import { farmerFilterParams, isNarrowed, useFarmers, useFarmerWrite, type FarmerFilters } from './farmers'
import { t as translate, useT } from '../../../i18n/runtime'

const m = messages.farmers
/** Catalog keys (area `admin`). */
const sortLabels: Record<AdminFarmerSort, string> = { name: 'admin.farmers.sort.nameAsc', '-name': 'admin.farmers.sort.nameDesc', '-createdAt': 'admin.farmers.sort.newest', createdAt: 'admin.farmers.sort.oldest' }
const farmersCount = (n: number) => translate('admin.farmers.count', { count: n, n: n.toLocaleString('en-US') })

export function FarmersScreen() {
  const t = useT()
  useDocumentTitle(t('admin.screen.farmers'))
  const { user } = useAdminSession()
  const isOnline = useIsOnline()
  const [filters, setFilters] = useState<FarmerFilters>({ search: '', status: 'all', city: '', produce: '', sort: 'name' })
  const [page, setPage] = useState(1)
  const farmers = useFarmers(filters, page)
  const locations = useQuery<PublicLocation[]>({ queryKey: ['/api/locations'] })
  const produce = useQuery<PublicProduce[]>({ queryKey: ['/api/produce'] })
  const filterBy = <K extends keyof FarmerFilters>(name: K, value: FarmerFilters[K]) => {
    setFilters((f) => ({ ...f, [name]: value }))
    setPage(1)
  }
  const write = useFarmerWrite()
  const [form, setForm] = useState<{ farmer: AdminFarmer | null } | null>(null)
  const [subscription, setSubscription] = useState<AdminFarmer | null>(null)
  const [deleting, setDeleting] = useState<AdminFarmer | null>(null)
  const may = {
    create: can(user.role, 'farmers.create'),
    edit: can(user.role, 'farmers.edit'),
    remove: can(user.role, 'farmers.delete'),
    toggles: can(user.role, 'farmers.toggles'),
    subscription: can(user.role, 'farmers.subscription'),
  }

  const toggle = async (farmer: AdminFarmer, body: { isPremium?: boolean; isBulk?: boolean; isActive?: boolean }) => {
    try {
      await write.mutateAsync({ kind: 'update', id: farmer.id, body })
      toastSuccess(m.statusUpdated)
    } catch {
      toastError(m.failedToUpdateStatus)
    }
  }
  const total = farmers.data?.total ?? 0
  const shown = farmers.data?.farmers ?? []
  const narrowed = isNarrowed(filters)
  // The export takes the filters the list shows, so the file has exactly the farmers counted here.
  const exportFarmers = async () => {
    if (farmers.data && total === 0) return toastError(messages.common.noDataToExport)
    const query = farmerFilterParams(filters).toString()
    try {
      if (!(await downloadServerCsv(`/api/admin/farmers/export${query ? `?${query}` : ''}`, 'farmers.csv'))) toastError(messages.common.noDataToExport)
    } catch {
      toastError(m.failedToGenerateReport)
    }
  }
  const exportLabel = !farmers.data ? t('admin.exportCsv') : narrowed ? t('admin.farmers.exportMatching', { farmers: farmersCount(total) }) : t('admin.farmers.exportAll', { farmers: farmersCount(total) })

  const columns = farmerColumns({
    may,
    isOnline,
    onToggle: (farmer, body) => void toggle(farmer, body),
    onSubscription: setSubscription,
    onEdit: (farmer) => setForm({ farmer }),
    onDelete: setDeleting,
  })

  return (
    <Stack gap="6">
      <BackToDashboard />
      <Flex gap="3" wrap="wrap" justify="space-between" align="center">
        <Heading as="h1" size="2xl">
          {t('admin.screen.farmers')}
        </Heading>
        <HStack gap="2" wrap="wrap">
          <Button variant="outline" onClick={() => void exportFarmers()}>
            {exportLabel}
          </Button>
          {may.create && (
            <Button colorPalette="brand" onClick={() => setForm({ farmer: null })}>
              {t('admin.farmers.add')}
            </Button>
          )}
        </HStack>
      </Flex>
      <OfflineNotice isOnline={isOnline} />
      <Flex gap="3" wrap="wrap">
        <Input
          type="search"
          placeholder={t('admin.farmers.searchPlaceholder')}
          aria-label={t('admin.farmers.search')}
          value={filters.search}
          onChange={(e) => filterBy('search', e.target.value)}
          maxW="28rem"
        />
        <NativeSelect.Root maxW="12rem">
          <NativeSelect.Field
            aria-label={t('admin.farmers.statusFilter')}
            value={filters.status}
            onChange={(e) => filterBy('status', e.target.value as FarmerStatusFilter)}
          >
            <option value="all">{t('admin.reviews.tab.all')}</option>
            <option value="active">{t('admin.status.active')}</option>
            <option value="expired">{t('admin.farmers.status.expired')}</option>
            <option value="followup">{t('admin.farmers.followUp')}</option>
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
        <NameSelect label={t('admin.farmers.cityFilter')} emptyText={t('admin.farmers.allCities')} maxW="14rem" names={locations.data?.map((l) => l.name)} value={filters.city} onChange={(city) => filterBy('city', city)} />
        <NameSelect label={t('admin.farmers.produceFilter')} emptyText={t('admin.farmers.allProduce')} maxW="14rem" names={produce.data?.map((p) => p.name)} value={filters.produce} onChange={(name) => filterBy('produce', name)} />
        <NativeSelect.Root maxW="12rem">
          <NativeSelect.Field aria-label={t('admin.farmers.sortLabel')} value={filters.sort} onChange={(e) => filterBy('sort', e.target.value as AdminFarmerSort)}>
            {Object.entries(sortLabels).map(([value, label]) => (
              <option key={value} value={value}>
                {t(label)}
              </option>
            ))}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
      </Flex>
      <DataTable fitsScreen label={t('admin.farmers.table')} rows={farmers.data?.farmers} rowKey={(f) => f.id} columns={columns} isPending={farmers.isPending} error={farmers.isError ? m.failedToFetch : null} empty={m.noMatches} />
      {farmers.data && total > 0 && <FarmerPager page={page} shown={shown.length} total={total} onPage={setPage} />}
      <FarmerFormDialog open={!!form} farmer={form?.farmer ?? null} onClose={() => setForm(null)} />
      <SubscriptionDialog farmer={subscription} onClose={() => setSubscription(null)} />
      <DeleteFarmerDialog farmer={deleting} onClose={() => setDeleting(null)} />
    </Stack>
  )
}
