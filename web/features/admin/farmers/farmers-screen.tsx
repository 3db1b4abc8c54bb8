// /admin/farmers, Farmers Management (spec 001 §2; clarifications roles): search, status, city and produce filters
// run on the server with paging; a table on large screens and cards on small; Add, Edit, Delete,
// Premium and Bulk switches, Activate/Deactivate, subscription edit and the CSV export, each shown
// only to the roles that hold it (data agents view and export).
import { Badge, Button, Flex, Heading, HStack, Input, NativeSelect, Stack, Text } from '@chakra-ui/react'
import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import type { AdminFarmer, FarmerStatusFilter } from '../../../../api/contract/farmers'
import { messages } from '../../../../api/contract/messages'
import type { PublicLocation, PublicProduce } from '../../../../api/contract/reference'
import { can } from '../../../../api/contract/permissions'
import { useIsOnline } from '../../../shared/session'
import { useDocumentTitle } from '../../../shared/site'
import { toastError, toastSuccess } from '../feedback'
import { formatFijiDate } from '../format'
import { useAdminSession } from '../ui/admin-session'
import { BackToDashboard } from '../ui/back-to-dashboard'
import { DataTable, type Column } from '../ui/data-table'
import { NameSelect } from '../ui/name-select'
import { OfflineNotice } from '../ui/offline-notice'
import { downloadServerCsv } from '../ui/server-csv'
import { SaveSwitch } from '../ui/switch'
import { DeleteFarmerDialog, FarmerFormDialog, SubscriptionDialog } from './farmer-dialogs'
import { FarmerNameCell } from './farmer-name-cell'
import { placeOf, statusLabels, useFarmers, useFarmerWrite, type FarmerFilters } from './farmers'
import { countLabel } from '../../../shared/plural'

const m = messages.farmers
const statusPalette = { inactive: 'gray', pending: 'blue', active: 'green', expired: 'red', expired_followup: 'red' } as const

export function FarmersScreen() {
  useDocumentTitle('Farmers Management')
  const { user } = useAdminSession()
  const isOnline = useIsOnline()
  const [filters, setFilters] = useState<FarmerFilters>({ search: '', status: 'all', city: '', produce: '' })
  const [pages, setPages] = useState(1)
  const farmers = useFarmers(filters, pages)
  const locations = useQuery<PublicLocation[]>({ queryKey: ['/api/locations'] })
  const produce = useQuery<PublicProduce[]>({ queryKey: ['/api/produce'] })
  const filterBy = <K extends keyof FarmerFilters>(name: K, value: FarmerFilters[K]) => {
    setFilters((f) => ({ ...f, [name]: value }))
    setPages(1)
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
  const exportFarmers = async () => {
    try {
      await downloadServerCsv('/api/admin/farmers/export', 'farmers.csv')
    } catch {
      toastError(m.failedToGenerateReport)
    }
  }

  const columns: Column<AdminFarmer>[] = [
    {
      header: 'Farmer',
      cell: (f) => <FarmerNameCell name={f.name} detail={placeOf(f)} />,
    },
    {
      header: 'Contact',
      cell: (f) => (
        <Stack gap="0" fontSize="sm">
          <Text>{f.phone}</Text>
          {f.email && <Text color="fg.muted">{f.email}</Text>}
        </Stack>
      ),
    },
    { header: 'Produce', cell: (f) => f.produce.join(', ') || '—' },
    {
      header: 'Status',
      cell: (f) => (
        <HStack gap="1">
          <Badge colorPalette={statusPalette[f.displayStatus]}>{statusLabels[f.displayStatus]}</Badge>
          {f.displayStatus === 'expired_followup' && <Badge colorPalette="orange">Follow-up</Badge>}
        </HStack>
      ),
    },
    { header: 'Subscription', cell: (f) => (f.subscriptionStart && f.subscriptionEnd ? `${formatFijiDate(f.subscriptionStart)} – ${formatFijiDate(f.subscriptionEnd)}` : 'No subscription') },
  ]
  if (may.toggles) {
    columns.push(
      { header: 'Premium', cell: (f) => <SaveSwitch label={`Premium: ${f.name}`} checked={f.isPremium} disabled={!isOnline} onChange={(on) => void toggle(f, { isPremium: on })} /> },
      { header: 'Bulk', cell: (f) => <SaveSwitch label={`Bulk: ${f.name}`} checked={f.isBulk} disabled={!isOnline} onChange={(on) => void toggle(f, { isBulk: on })} /> },
    )
  }
  if (may.toggles || may.edit || may.remove || may.subscription) {
    columns.push({
      header: 'Actions',
      cell: (f) => (
        <Flex gap="1" wrap="wrap">
          {may.toggles &&
            (f.displayStatus === 'active' ? (
              <Button size="xs" variant="outline" disabled={!isOnline} onClick={() => void toggle(f, { isActive: false })} aria-label={`Deactivate ${f.name}`}>
                Deactivate
              </Button>
            ) : (
              <Button size="xs" colorPalette="green" variant="outline" disabled={!isOnline} onClick={() => void toggle(f, { isActive: true })} aria-label={`Activate ${f.name}`}>
                Activate
              </Button>
            ))}
          {may.subscription && (
            <Button size="xs" variant="outline" onClick={() => setSubscription(f)} aria-label={`Edit subscription of ${f.name}`}>
              Subscription
            </Button>
          )}
          {may.edit && (
            <Button size="xs" variant="outline" onClick={() => setForm({ farmer: f })} aria-label={`Edit ${f.name}`}>
              Edit
            </Button>
          )}
          {may.remove && (
            <Button size="xs" variant="outline" colorPalette="red" onClick={() => setDeleting(f)} aria-label={`Delete ${f.name}`}>
              Delete
            </Button>
          )}
        </Flex>
      ),
    })
  }

  const total = farmers.data?.total ?? 0
  const shown = farmers.data?.farmers ?? []

  return (
    <Stack gap="6">
      <BackToDashboard />
      <Flex gap="3" wrap="wrap" justify="space-between" align="center">
        <Heading as="h1" size="2xl">
          Farmers Management
        </Heading>
        <HStack gap="2" wrap="wrap">
          <Button variant="outline" onClick={() => void exportFarmers()}>
            Export CSV
          </Button>
          {may.create && (
            <Button colorPalette="brand" onClick={() => setForm({ farmer: null })}>
              Add Farmer
            </Button>
          )}
        </HStack>
      </Flex>
      <OfflineNotice isOnline={isOnline} />
      <Flex gap="3" wrap="wrap">
        <Input
          type="search"
          placeholder="Search by name, phone, email, village or city"
          aria-label="Search farmers"
          value={filters.search}
          onChange={(e) => filterBy('search', e.target.value)}
          maxW="28rem"
        />
        <NativeSelect.Root maxW="12rem">
          <NativeSelect.Field
            aria-label="Status filter"
            value={filters.status}
            onChange={(e) => filterBy('status', e.target.value as FarmerStatusFilter)}
          >
            <option value="all">All</option>
            <option value="active">Active</option>
            <option value="expired">Expired</option>
            <option value="followup">Follow-up</option>
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
        <NameSelect label="City filter" emptyText="All cities" maxW="14rem" names={locations.data?.map((l) => l.name)} value={filters.city} onChange={(city) => filterBy('city', city)} />
        <NameSelect label="Produce filter" emptyText="All produce" maxW="14rem" names={produce.data?.map((p) => p.name)} value={filters.produce} onChange={(name) => filterBy('produce', name)} />
      </Flex>
      {farmers.data && (
        <Text fontSize="sm" color="fg.muted" aria-live="polite">
          Showing {shown.length} of {countLabel(total, 'farmer')}
        </Text>
      )}
      <DataTable label="Farmers" rows={farmers.data?.farmers} rowKey={(f) => f.id} columns={columns} isPending={farmers.isPending} error={farmers.isError ? m.failedToFetch : null} empty={m.noMatches} />
      {shown.length < total && (
        <Button variant="outline" alignSelf="flex-start" onClick={() => setPages((p) => p + 1)} loading={farmers.isFetching}>
          Show more
        </Button>
      )}
      <FarmerFormDialog open={!!form} farmer={form?.farmer ?? null} onClose={() => setForm(null)} />
      <SubscriptionDialog farmer={subscription} onClose={() => setSubscription(null)} />
      <DeleteFarmerDialog farmer={deleting} onClose={() => setDeleting(null)} />
    </Stack>
  )
}
