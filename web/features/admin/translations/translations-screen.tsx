// /admin/translations (global admin, issue 20): a language's strings with English beside each,
// filtered by status and searched; correct one, mark it reviewed, revert it; export the language
// as a PO file for a translator working offline and import it back. The back office stays English.
import { Button, Flex, Heading, HStack, Input, NativeSelect, Stack, Text, chakra } from '@chakra-ui/react'
import { useEffect, useRef, useState } from 'react'
import type { TranslationStatus } from '../../../../api/contract/i18n'
import { useIsOnline } from '../../../shared/session'
import { useDocumentTitle } from '../../../shared/site'
import { messageOr, toastError, toastSuccess, useLoadErrorToast } from '../feedback'
import { BackToDashboard } from '../ui/back-to-dashboard'
import { ListState } from '../ui/list-state'
import { RowTable } from '../ui/row-table'
import { TranslationRow } from './translation-row'
import { LANGUAGES, STATUS_LABELS, downloadPo, importIssues, useTranslationList, useTranslationWrite, type TranslationFilters, type TranslatedLocale } from './translations-data'
import { useT } from '../../../i18n/runtime'

const FAILED_TO_FETCH = 'admin.translations.failedToFetch'

export function TranslationsScreen() {
  const t = useT()
  useDocumentTitle(t('admin.screen.translations'))
  const isOnline = useIsOnline()
  const [filters, setFilters] = useState<TranslationFilters>({ locale: 'fj', status: '', search: '', page: 1 })
  const [searchText, setSearchText] = useState('')
  const list = useTranslationList(filters)
  useLoadErrorToast(list.error, t(FAILED_TO_FETCH))
  const { importFile } = useTranslationWrite()
  const [issues, setIssues] = useState<string[]>([])
  const fileInput = useRef<HTMLInputElement>(null)

  // The search applies once typing pauses, from the first page.
  useEffect(() => {
    const timer = setTimeout(() => setFilters((f) => (f.search === searchText ? f : { ...f, search: searchText, page: 1 })), 300)
    return () => clearTimeout(timer)
  }, [searchText])

  const data = list.data
  const pages = data ? Math.max(1, Math.ceil(data.total / data.pageSize)) : 1
  const language = LANGUAGES.find((l) => l.locale === filters.locale)!

  const onImport = async (file: File | undefined) => {
    if (!file) return
    setIssues([])
    try {
      const result = await importFile.mutateAsync({ locale: filters.locale, file: await file.text() })
      toastSuccess(t('admin.translations.imported', { file: file.name, changed: result.changed, unchanged: result.unchanged, skipped: result.skipped }))
    } catch (error) {
      setIssues(importIssues(error))
      toastError(messageOr(error, t('admin.translations.failedToImport')))
    } finally {
      if (fileInput.current) fileInput.current.value = ''
    }
  }

  return (
    <Stack gap="6">
      <BackToDashboard />
      <Flex gap="3" wrap="wrap" align="center" justify="space-between">
        <Heading as="h1" size="2xl">
          {t('admin.screen.translations')}
        </Heading>
        <HStack gap="2" wrap="wrap">
          <Button variant="outline" disabled={!isOnline} onClick={() => void downloadPo(filters.locale).catch((e: unknown) => toastError(messageOr(e, t('admin.translations.failedToExport'))))}>
            {t('admin.translations.export', { language: t(language.label) })}
          </Button>
          <Button variant="outline" disabled={!isOnline} loading={importFile.isPending} onClick={() => fileInput.current?.click()}>
            {t('admin.translations.import')}
          </Button>
          <chakra.input ref={fileInput} type="file" accept=".po,text/x-gettext-translation" display="none" aria-label={t('admin.translations.importFile')} onChange={(e) => void onImport(e.target.files?.[0])} />
        </HStack>
      </Flex>
      <Text color="fg.muted" maxW="3xl">
        {t('admin.translations.intro')}
      </Text>

      {issues.length > 0 && (
        <Stack role="alert" gap="1" borderWidth="1px" borderColor="border.error" rounded="md" p="3">
          <Text fontWeight="semibold">{t('admin.translations.importRefused')}</Text>
          {issues.map((issue) => (
            <Text key={issue} fontSize="sm">
              {issue}
            </Text>
          ))}
        </Stack>
      )}

      <Flex gap="3" wrap="wrap" align="flex-end">
        <Stack gap="1">
          <chakra.label htmlFor="translation-language" fontWeight="medium">
            {t('admin.translations.language')}
          </chakra.label>
          <NativeSelect.Root minW="12rem">
            <NativeSelect.Field id="translation-language" value={filters.locale} onChange={(e) => setFilters({ ...filters, locale: e.target.value as TranslatedLocale, page: 1 })}>
              {LANGUAGES.map((l) => (
                <option key={l.locale} value={l.locale}>
                  {t(l.label)}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        </Stack>
        <Stack gap="1">
          <chakra.label htmlFor="translation-status" fontWeight="medium">
            {t('admin.column.status')}
          </chakra.label>
          <NativeSelect.Root minW="12rem">
            <NativeSelect.Field id="translation-status" value={filters.status} onChange={(e) => setFilters({ ...filters, status: e.target.value as TranslationStatus | '', page: 1 })}>
              <option value="">{t('admin.reviews.tab.all')}</option>
              {(Object.keys(STATUS_LABELS) as TranslationStatus[]).map((status) => (
                <option key={status} value={status}>
                  {t(STATUS_LABELS[status])}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        </Stack>
        <Stack gap="1" flex="1" minW="14rem">
          <chakra.label htmlFor="translation-search" fontWeight="medium">
            {t('admin.translations.search')}
          </chakra.label>
          <Input id="translation-search" type="search" value={searchText} placeholder={t('admin.translations.searchPlaceholder')} onChange={(e) => setSearchText(e.target.value)} />
        </Stack>
      </Flex>

      {data && (
        <Text aria-live="polite">
          {t('admin.translations.counts', { all: data.counts.all, reviewed: data.counts.reviewed, drafted: data.counts.drafted, corrected: data.counts.corrected, total: data.total })}
        </Text>
      )}

      <ListState isPending={list.isPending} isError={list.isError} isEmpty={(data?.strings.length ?? 0) === 0} failedText={t(FAILED_TO_FETCH)} emptyText={t('admin.translations.empty')} label={t('admin.translations.loading')}>
        <RowTable columns={[t('admin.translations.keyColumn'), t('admin.translations.englishColumn'), t('admin.translations.translationColumn'), t('admin.column.status'), t('admin.column.actions')]}>
          {data?.strings.map((string) => <TranslationRow key={`${filters.locale}:${string.key}`} locale={filters.locale} string={string} isOnline={isOnline} />)}
        </RowTable>
      </ListState>

      {pages > 1 && (
        <HStack gap="3">
          <Button size="sm" variant="outline" disabled={filters.page <= 1} onClick={() => setFilters({ ...filters, page: filters.page - 1 })}>
            {t('admin.translations.previous')}
          </Button>
          <Text>
            {t('admin.pager.pageOf', { page: filters.page, pages })}
          </Text>
          <Button size="sm" variant="outline" disabled={filters.page >= pages} onClick={() => setFilters({ ...filters, page: filters.page + 1 })}>
            {t('admin.translations.next')}
          </Button>
        </HStack>
      )}
    </Stack>
  )
}
