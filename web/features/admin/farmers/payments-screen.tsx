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
import { AdminDialog, DialogActions, DialogBody } from '../ui/admin-dialog'
import { BackToDashboard } from '../ui/back-to-dashboard'
import { DataTable, type Column } from '../ui/data-table'
import { FormField } from '../ui/form-field'
import { OfflineNotice } from '../ui/offline-notice'
import { ListPager } from '../ui/list-pager'
import { downloadServerCsv } from '../ui/server-csv'
import { useFarmerWrite, usePayments } from './farmers'
import { DemoBadge } from '../../../shared/ui/demo-badge'

const m = messages.payments

export function PaymentsScreen() {
  useDocumentTitle('Payments Received')
  const [search, setSearch] = useState('')
  const [page, setPage] = useState(1)
  const payments = usePayments(search, page)
  const [editing, setEditing] = useState<FarmerPayment | null>(null)
  const rows = payments.data?.rows
  const total = payments.data?.total ?? 0

  const report = async () => {
    try {
      await downloadServerCsv('/api/admin/farmers/payments/report', 'payment-report.csv')
      toastSuccess(m.reportGenerated)
    } catch {
      toastError(m.failedToGenerateReport)
    }
  }

  const columns: Column<FarmerPayment>[] = [
    {
      header: 'Farmer Name',
      cell: (p) => (
        <>
          {p.farmerName} <DemoBadge isDemo={p.isDemo} title="Sample payment of a demo farmer, not real money" />
        </>
      ),
    },
    { header: 'Phone', cell: (p) => p.farmerPhone ?? '—' },
    { header: 'M-PAiSA Number', cell: (p) => p.mpaisaNumber ?? '—' },
    { header: 'Receipt Number', cell: (p) => p.mpaisaReceiptNumber ?? '—' },
    { header: 'Payment Date', cell: (p) => formatFijiDate(p.paymentDate) || '—' },
    {
      header: 'Actions',
      cell: (p) => (
        <Button size="xs" variant="outline" onClick={() => setEditing(p)} aria-label={`Edit payment of ${p.farmerName}`}>
          Edit
        </Button>
      ),
    },
  ]

  return (
    <Stack gap="6">
      <BackToDashboard />
      <Flex gap="3" wrap="wrap" justify="space-between" align="center">
        <Heading as="h1" size="2xl">
          Payments Received
        </Heading>
        <Button colorPalette="brand" onClick={() => void report()}>
          Generate Report
        </Button>
      </Flex>
      <Input
        type="search"
        placeholder="Search by name, phone, M-PAiSA or receipt number"
        aria-label="Search payments"
        value={search}
        onChange={(e) => {
          setSearch(e.target.value)
          setPage(1)
        }}
        maxW="28rem"
      />
      <DataTable
        label="Payments"
        rows={rows}
        rowKey={(p) => p.id}
        columns={columns}
        isPending={payments.isPending}
        error={payments.isError ? 'Failed to fetch payments' : null}
        empty={search.trim() ? 'No payments match your search.' : 'No payment information available'}
      />
      {total > ADMIN_PAYMENTS_PAGE_DEFAULT && <ListPager label="Payments pages" noun="payments" page={page} pageSize={ADMIN_PAYMENTS_PAGE_DEFAULT} shown={rows?.length ?? 0} total={total} onPage={setPage} />}
      <EditPaymentDialog payment={editing} onClose={() => setEditing(null)} />
    </Stack>
  )
}

function EditPaymentDialog({ payment, onClose }: { payment: FarmerPayment | null; onClose: () => void }) {
  return (
    <AdminDialog open={!!payment} onOpenChange={(open) => !open && onClose()} title="Edit Payment Details">
      {payment && <EditPaymentForm payment={payment} onClose={onClose} />}
    </AdminDialog>
  )
}

function EditPaymentForm({ payment, onClose }: { payment: FarmerPayment; onClose: () => void }) {
  const isOnline = useIsOnline()
  const write = useFarmerWrite()
  const [values, setValues] = useState({
    mpaisaNumber: payment.mpaisaNumber ?? '',
    mpaisaReceiptNumber: payment.mpaisaReceiptNumber ?? '',
    paymentDate: payment.paymentDate?.slice(0, 10) ?? '',
  })
  const [problem, setProblem] = useState<string | null>(null)
  const submit = async (event: FormEvent) => {
    event.preventDefault()
    const parsed = FarmerPaymentUpdateSchema.safeParse(values)
    if (!parsed.success) {
      setProblem(parsed.error.issues[0]?.message ?? messages.common.invalidInput)
      return
    }
    try {
      await write.mutateAsync({ kind: 'payment', id: payment.farmerId, body: parsed.data })
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
          <FormField label="M-PAiSA Number">
            <Input {...field('mpaisaNumber')} inputMode="tel" />
          </FormField>
          <FormField label="Receipt Number">
            <Input {...field('mpaisaReceiptNumber')} />
          </FormField>
          <FormField label="Payment Date" error={problem ?? undefined}>
            <Input type="date" {...field('paymentDate')} />
          </FormField>
          <OfflineNotice isOnline={isOnline} />
        </Stack>
      </DialogBody>
      <DialogActions label="Save" onCancel={onClose} loading={write.isPending} disabled={!isOnline} />
    </form>
  )
}
