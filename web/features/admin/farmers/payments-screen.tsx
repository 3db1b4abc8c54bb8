// /admin/payments-received and /admin/payments (spec 001 §2, global only): payment records a page at a
// time with search (both on the server, issue 19), an edit dialog, and Generate Report (the server's
// CSV of every payment).
import { Button, Flex, Heading, Input, Stack, Text } from '@chakra-ui/react'
import { useState, type FormEvent } from 'react'
import { ADMIN_PAYMENTS_PAGE_DEFAULT, FarmerPaymentUpdateSchema, type FarmerPayment } from '../../../../api/contract/farmers'
import { messages } from '../../../../api/contract/messages'
import { useIsOnline } from '../../../shared/session'
import { useDocumentTitle } from '../../../shared/site'
import { toastError, toastSuccess } from '../feedback'
import { formatFijiDate } from '../format'
import { fijiDateInput } from '../../../shared/fiji-time'
import { changedValues } from '../ui/changed-values'
import { AdminDialog, DialogActions, DialogBody } from '../ui/admin-dialog'
import { BackToDashboard } from '../ui/back-to-dashboard'
import { DataTable, type Column } from '../ui/data-table'
import { FormField } from '../ui/form-field'
import { OfflineNotice } from '../ui/offline-notice'
import { ListPager } from '../ui/list-pager'
import { downloadServerCsv } from '../ui/server-csv'
import { useFarmerWrite, usePayments } from './farmers'
import { DemoBadge } from '../../../shared/ui/demo-badge'
import { useT } from '../../../i18n/runtime'

const m = messages.payments

export function PaymentsScreen() {
  const t = useT()
  useDocumentTitle(t('admin.screen.paymentsReceived'))
  const [search, setSearch] = useState('')
  const [page, setPage] = useState(1)
  const payments = usePayments(search, page)
  const [editing, setEditing] = useState<FarmerPayment | null>(null)
  const rows = payments.data?.rows
  const total = payments.data?.total ?? 0

  const report = async () => {
    try {
      const downloaded = await downloadServerCsv('/api/admin/farmers/payments/report', 'payment-report.csv')
      if (downloaded) toastSuccess(m.reportGenerated)
      else toastError(messages.common.noDataToExport)
    } catch {
      toastError(m.failedToGenerateReport)
    }
  }

  const columns: Column<FarmerPayment>[] = [
    {
      header: t('admin.payments.farmerName'),
      cell: (p) => (
        <>
          {p.farmerName} <DemoBadge isDemo={p.isDemo} title={t('admin.payments.demoTitle')} />
        </>
      ),
    },
    { header: t('admin.signups.phone'), cell: (p) => p.farmerPhone ?? '—' },
    { header: t('admin.payments.mpaisaNumber'), cell: (p) => p.mpaisaNumber ?? '—' },
    { header: t('admin.payments.receiptNumber'), cell: (p) => p.mpaisaReceiptNumber ?? '—' },
    { header: t('admin.payments.paymentDate'), cell: (p) => formatFijiDate(p.paymentDate) || '—' },
    {
      header: t('admin.column.actions'),
      cell: (p) => (
        <Button size="xs" variant="outline" onClick={() => setEditing(p)} aria-label={t('admin.payments.editNamed', { name: p.farmerName })}>
          {t('admin.edit')}
        </Button>
      ),
    },
  ]

  return (
    <Stack gap="6">
      <BackToDashboard />
      <Flex gap="3" wrap="wrap" justify="space-between" align="center">
        <Heading as="h1" size="2xl">
          {t('admin.screen.paymentsReceived')}
        </Heading>
        <Button colorPalette="brand" onClick={() => void report()}>
          {t('admin.payments.generateReport')}
        </Button>
      </Flex>
      <Input
        type="search"
        placeholder={t('admin.payments.searchPlaceholder')}
        aria-label={t('admin.payments.search')}
        value={search}
        onChange={(e) => {
          setSearch(e.target.value)
          setPage(1)
        }}
        maxW="28rem"
      />
      <DataTable
        label={t('admin.payments.table')}
        rows={rows}
        rowKey={(p) => p.id}
        columns={columns}
        isPending={payments.isPending}
        error={payments.isError ? t('admin.payments.failedToFetch') : null}
        empty={search.trim() ? t('admin.payments.noMatch') : t('admin.payments.empty')}
      />
      {payments.data && <ListPager label={t('admin.payments.pages')} noun={t('admin.payments.noun')} page={page} pageSize={ADMIN_PAYMENTS_PAGE_DEFAULT} shown={rows?.length ?? 0} total={total} onPage={setPage} />}
      <EditPaymentDialog payment={editing} onClose={() => setEditing(null)} />
    </Stack>
  )
}

function EditPaymentDialog({ payment, onClose }: { payment: FarmerPayment | null; onClose: () => void }) {
  const t = useT()
  return (
    <AdminDialog open={!!payment} onOpenChange={(open) => !open && onClose()} title={t('admin.payments.editTitle')}>
      {payment && <EditPaymentForm payment={payment} onClose={onClose} />}
    </AdminDialog>
  )
}

function EditPaymentForm({ payment, onClose }: { payment: FarmerPayment; onClose: () => void }) {
  const t = useT()
  const isOnline = useIsOnline()
  const write = useFarmerWrite()
  const [initial] = useState(() => ({
    mpaisaNumber: payment.mpaisaNumber ?? '',
    mpaisaReceiptNumber: payment.mpaisaReceiptNumber ?? '',
    paymentDate: fijiDateInput(payment.paymentDate),
  }))
  const [values, setValues] = useState(initial)
  const [problem, setProblem] = useState<string | null>(null)
  const submit = async (event: FormEvent) => {
    event.preventDefault()
    const parsed = FarmerPaymentUpdateSchema.safeParse(values)
    if (!parsed.success) {
      setProblem(parsed.error.issues[0]?.message ?? messages.common.invalidInput)
      return
    }
    try {
      // The typed values, not the parsed ones: a field emptied parses to undefined, which JSON drops
      // (kept by the server's PATCH); sent as '', it is cleared. Only the changed ones: an unchanged
      // date sent back would lose the payment's time of day.
      const body = changedValues(initial, values)
      if (Object.keys(body).length === 0) return onClose()
      await write.mutateAsync({ kind: 'payment', id: payment.farmerId, body })
      toastSuccess(m.updated)
      onClose()
    } catch {
      toastError(m.failedToUpdate)
    }
  }
  const field = (key: keyof typeof values) => ({ value: values[key], onChange: (e: { target: { value: string } }) => setValues((v) => ({ ...v, [key]: e.target.value })) })
  return (
    <form onSubmit={(e) => void submit(e)} noValidate>
      <DialogBody>
        <Stack gap="3">
          <Text fontWeight="medium">{payment.farmerName}</Text>
          <FormField label={t('admin.payments.mpaisaNumber')}>
            <Input {...field('mpaisaNumber')} inputMode="tel" />
          </FormField>
          <FormField label={t('admin.payments.receiptNumber')}>
            <Input {...field('mpaisaReceiptNumber')} />
          </FormField>
          <FormField label={t('admin.payments.paymentDate')} error={problem ?? undefined}>
            <Input type="date" {...field('paymentDate')} />
          </FormField>
          <OfflineNotice isOnline={isOnline} />
        </Stack>
      </DialogBody>
      <DialogActions label={t('admin.save')} onCancel={onClose} loading={write.isPending} disabled={!isOnline} />
    </form>
  )
}
