// Reference data in the back office (spec 001 §2, §3): the three admin lists, their writes, and
// the CSV rows with the spec's exact columns (booleans as Yes/No). A change also refetches the
// public lists the forms use, so a new produce is offered in the signup form at once.
import { useQuery } from '@tanstack/react-query'
import {
  CATEGORY_CSV_COLUMNS,
  LOCATION_CSV_COLUMNS,
  PRODUCE_CSV_COLUMNS,
  type Location,
  type ProduceCategory,
  type ProduceItem,
} from '../../../../api/contract/reference'
import { csvDateTime, type CsvExport } from '../../../shared/csv'
import { useLoadErrorToast } from '../feedback'
import { useAdminWrite } from '../ui/admin-write'

export const produceKey = ['/api/admin/produce'] as const
export const categoriesKey = ['/api/admin/produce-categories'] as const
export const locationsKey = ['/api/admin/locations'] as const

export function useAdminList<T>(queryKey: readonly string[], failedToFetch: string, enabled = true) {
  const query = useQuery<T[]>({ queryKey, enabled })
  useLoadErrorToast(query.error, failedToFetch)
  return query
}

export const useProduceWrite = () => useAdminWrite([produceKey, ['/api/produce']])
// A category rename or delete changes its produce rows too.
export const useCategoryWrite = () => useAdminWrite([categoriesKey, produceKey, ['/api/produce']])
export const useLocationWrite = () => useAdminWrite([locationsKey, ['/api/locations']])

const yesNo = (value: boolean) => (value ? 'Yes' : 'No')

export function produceCsv(rows: readonly ProduceItem[]): CsvExport<ProduceItem> {
  return {
    baseName: 'produce',
    columns: PRODUCE_CSV_COLUMNS,
    rows,
    toRecord: (p) => [p.id, p.name, p.category ?? '', yesNo(p.isActive), csvDateTime(p.createdAt), csvDateTime(p.updatedAt)],
  }
}

export function namedCsv(baseName: 'categories' | 'locations', rows: readonly (Location | ProduceCategory)[]): CsvExport<Location> {
  return {
    baseName,
    columns: baseName === 'categories' ? CATEGORY_CSV_COLUMNS : LOCATION_CSV_COLUMNS,
    rows,
    toRecord: (row) => [row.id, row.name, yesNo(row.isActive), csvDateTime(row.createdAt), csvDateTime(row.updatedAt)],
  }
}
