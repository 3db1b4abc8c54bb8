// The Translations screen's data: one page of a language's strings (filters in the URL the server
// validates), the writes that change them, and the PO file round trip.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import type { TranslationStatus } from '../../../../api/contract/i18n'
import type { TranslationImportResult, TranslationList, TranslationSave, TranslationString } from '../../../../api/contract/translations'
import { apiFetch, apiRequest, typedSearch } from '../../../shared/api'
import { downloadBlob } from '../../../shared/csv'
import { errorStatus } from '../../../shared/session'

export type TranslatedLocale = 'fj' | 'hif'
export const LANGUAGES: readonly { locale: TranslatedLocale; label: string }[] = [
  { locale: 'fj', label: 'admin.translations.language.fj' },
  { locale: 'hif', label: 'admin.translations.language.hif' },
]
/** Catalog keys (area `admin`), as the languages' labels above. */
export const STATUS_LABELS: Record<TranslationStatus, string> = { drafted: 'admin.translations.status.drafted', reviewed: 'admin.translations.status.reviewed' }

const BASE = '/api/admin/translations'

export interface TranslationFilters {
  locale: TranslatedLocale
  status: TranslationStatus | ''
  search: string
  page: number
}

export function useTranslationList(filters: TranslationFilters) {
  const query = new URLSearchParams({ locale: filters.locale, page: String(filters.page) })
  if (filters.status) query.set('status', filters.status)
  if (typedSearch(filters.search)) query.set('search', typedSearch(filters.search))
  return useQuery<TranslationList>({ queryKey: [`${BASE}?${query}`], placeholderData: (previous) => previous })
}

const stringUrl = (locale: TranslatedLocale, key: string) => `${BASE}/${locale}/${encodeURIComponent(key)}`

/** Writes that change the list: every page of it is fetched again after one succeeds. */
export function useTranslationWrite() {
  const queryClient = useQueryClient()
  const refresh = () => queryClient.invalidateQueries({ predicate: (q) => String(q.queryKey[0]).startsWith(BASE) })
  const save = useMutation({
    mutationFn: async ({ locale, key, body }: { locale: TranslatedLocale; key: string; body: TranslationSave }) =>
      (await (await apiRequest('PUT', stringUrl(locale, key), body)).json()) as TranslationString,
    onSuccess: refresh,
  })
  const revert = useMutation({
    mutationFn: async ({ locale, key }: { locale: TranslatedLocale; key: string }) =>
      (await (await apiRequest('DELETE', stringUrl(locale, key))).json()) as TranslationString,
    onSuccess: refresh,
  })
  const importFile = useMutation({
    mutationFn: async ({ locale, file }: { locale: TranslatedLocale; file: string }) =>
      (await (await apiRequest('POST', `${BASE}/${locale}/import`, { file })).json()) as TranslationImportResult,
    onSuccess: refresh,
  })
  return { save, revert, importFile }
}

export async function downloadPo(locale: TranslatedLocale): Promise<string> {
  const res = await apiFetch(`${BASE}/${locale}/export`)
  const name = /filename="([^"]+)"/.exec(res.headers.get('content-disposition') ?? '')?.[1] ?? `viti-farmers-${locale}.po`
  downloadBlob(name, await res.blob())
  return name
}

/** The rows a refused import names ("line 12 (app.x): …"), from the server's 400 answer. */
export function importIssues(error: unknown): string[] {
  if (errorStatus(error) !== 400 || !(error instanceof Error)) return []
  try {
    const body = JSON.parse(error.message.replace(/^\d{3}: /, '')) as { issues?: { path: string; message: string }[] }
    return (body.issues ?? []).map((issue) => `${issue.path}: ${issue.message}`)
  } catch {
    return []
  }
}
