// The farmers export's and the payment report's CSV records, read a chunk at a time. Apart from the
// farmers service on purpose: the export thread's bundle (api/exports/worker-bundle.ts) is built from
// this file, and neither it nor what it imports evaluates the contract's zod schemas (~19 MB of a
// worker's heap). A test (export-thread.test.ts) holds the bundle to that.
import type { Kysely } from 'kysely'
import type { Database } from '../../db/schema'
import type { AdminFarmer, FarmerPayment } from '../contract'
import { csvDateTime, type CsvValue } from '../http/csv'
import { fijiDate } from '../stats/subscriptions'
import { farmersRepository, toAdminFarmer, toFarmerPayment, type FarmerFilters } from './repository'

export const FARMER_CSV_COLUMNS = [
  'ID', 'Name', 'Email', 'Phone', 'Website', 'Village', 'Tikina', 'Cities', 'Produce', 'Comments',
  'Subscription Start', 'Subscription End', 'Status', 'Is Active', 'Include In Costing', 'Premium', 'Bulk',
  'Delivery Available', 'Trial Active', 'Trial Start', 'Trial End', 'Created At', 'Demo',
] as const
export const PAYMENT_CSV_COLUMNS = ['ID', 'Farmer ID', 'Farmer Name', 'Farmer Phone', 'M-PAiSA Number', 'Receipt Number', 'Payment Date', 'Created At', 'Updated At', 'Demo'] as const

const yesNo = (value: boolean) => (value ? 'Yes' : 'No')

export function farmerCsvRecord(f: AdminFarmer): CsvValue[] {
  return [
    f.id, f.name, f.email, f.phone, f.website, f.town, f.tikina, f.cities.join('; '), f.produce.join('; '), f.comments,
    csvDateTime(f.subscriptionStart), csvDateTime(f.subscriptionEnd), f.displayStatus, yesNo(f.isActive), yesNo(f.includeInCosting), yesNo(f.isPremium),
    yesNo(f.isBulk), yesNo(f.deliveryAvailable), yesNo(f.isTrialActive), csvDateTime(f.trialStartDate), csvDateTime(f.trialEndDate), csvDateTime(f.createdAt), yesNo(f.isDemo),
  ]
}

export function paymentCsvRecord(p: FarmerPayment): CsvValue[] {
  return [p.id, p.farmerId, p.farmerName, p.farmerPhone, p.mpaisaNumber, p.mpaisaReceiptNumber, csvDateTime(p.paymentDate), csvDateTime(p.createdAt), csvDateTime(p.updatedAt), yesNo(p.isDemo)]
}

/** The farmers matching `filters`, as CSV records, a keyset chunk at a time (statuses as of `now`'s Fiji day). */
export async function* farmerExportRecords(readDb: Kysely<Database>, filters: FarmerFilters, now = new Date()): AsyncGenerator<CsvValue[][]> {
  const day = fijiDate(now)
  for await (const rows of farmersRepository(readDb).chunks(filters, day)) yield rows.map((row) => farmerCsvRecord(toAdminFarmer(row, day)))
}

/** Every payment record, as CSV records, a chunk at a time. */
export async function* paymentExportRecords(readDb: Kysely<Database>): AsyncGenerator<CsvValue[][]> {
  for await (const rows of farmersRepository(readDb).paymentChunks()) yield rows.map((row) => paymentCsvRecord(toFarmerPayment(row)))
}
