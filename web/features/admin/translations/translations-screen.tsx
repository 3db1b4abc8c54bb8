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

const FAILED_TO_FETCH = 'Failed to fetch translations'

export function TranslationsScreen() {
  useDocumentTitle('Translations')
  const isOnline = useIsOnline()
  const [filters, setFilters] = useState<TranslationFilters>({ locale: 'fj', status: '', search: '', page: 1 })
  const [searchText, setSearchText] = useState('')
  const list = useTranslationList(filters)
  useLoadErrorToast(list.error, FAILED_TO_FETCH)
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
      toastSuccess(`Imported ${file.name}: ${result.changed} changed, ${result.unchanged} unchanged, ${result.skipped} left untranslated`)
    } catch (error) {
      setIssues(importIssues(error))
      toastError(messageOr(error, 'Failed to import the file'))
    } finally {
      if (fileInput.current) fileInput.current.value = ''
    }
  }

  return (
    <Stack gap="6">
      <BackToDashboard />
      <Flex gap="3" wrap="wrap" align="center" justify="space-between">
        <Heading as="h1" size="2xl">
          Translations
        </Heading>
        <HStack gap="2" wrap="wrap">
          <Button variant="outline" disabled={!isOnline} onClick={() => void downloadPo(filters.locale).catch((e: unknown) => toastError(messageOr(e, 'Failed to export')))}>
            Export {language.label} (PO)
          </Button>
          <Button variant="outline" disabled={!isOnline} loading={importFile.isPending} onClick={() => fileInput.current?.click()}>
            Import PO file
          </Button>
          <chakra.input ref={fileInput} type="file" accept=".po,text/x-gettext-translation" display="none" aria-label="PO file to import" onChange={(e) => void onImport(e.target.files?.[0])} />
        </HStack>
      </Flex>
      <Text color="fg.muted" maxW="3xl">
        Phones show a correction the next time they fetch the language. English is the specs' own text and is not edited here. Export gives a gettext PO file (Poedit and similar tools open it); machine-drafted strings are marked “fuzzy” (needs review).
      </Text>

      {issues.length > 0 && (
        <Stack role="alert" gap="1" borderWidth="1px" borderColor="border.error" rounded="md" p="3">
          <Text fontWeight="semibold">Nothing was imported. Fix these rows and import again:</Text>
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
            Translation language
          </chakra.label>
          <NativeSelect.Root minW="12rem">
            <NativeSelect.Field id="translation-language" value={filters.locale} onChange={(e) => setFilters({ ...filters, locale: e.target.value as TranslatedLocale, page: 1 })}>
              {LANGUAGES.map((l) => (
                <option key={l.locale} value={l.locale}>
                  {l.label}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        </Stack>
        <Stack gap="1">
          <chakra.label htmlFor="translation-status" fontWeight="medium">
            Status
          </chakra.label>
          <NativeSelect.Root minW="12rem">
            <NativeSelect.Field id="translation-status" value={filters.status} onChange={(e) => setFilters({ ...filters, status: e.target.value as TranslationStatus | '', page: 1 })}>
              <option value="">All</option>
              {(Object.keys(STATUS_LABELS) as TranslationStatus[]).map((status) => (
                <option key={status} value={status}>
                  {STATUS_LABELS[status]}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        </Stack>
        <Stack gap="1" flex="1" minW="14rem">
          <chakra.label htmlFor="translation-search" fontWeight="medium">
            Search
          </chakra.label>
          <Input id="translation-search" type="search" value={searchText} placeholder="Key, note, English or translation" onChange={(e) => setSearchText(e.target.value)} />
        </Stack>
      </Flex>

      {data && (
        <Text aria-live="polite">
          {data.counts.all} strings: {data.counts.reviewed} reviewed, {data.counts.drafted} machine-drafted, {data.counts.corrected} corrected by staff. Showing {data.total} that match.
        </Text>
      )}

      <ListState isPending={list.isPending} isError={list.isError} isEmpty={(data?.strings.length ?? 0) === 0} failedText={FAILED_TO_FETCH} emptyText="No strings match" label="Loading translations">
        <RowTable columns={['Key and where it shows', 'English', 'Translation', 'Status', 'Actions']}>
          {data?.strings.map((string) => <TranslationRow key={`${filters.locale}:${string.key}`} locale={filters.locale} string={string} isOnline={isOnline} />)}
        </RowTable>
      </ListState>

      {pages > 1 && (
        <HStack gap="3">
          <Button size="sm" variant="outline" disabled={filters.page <= 1} onClick={() => setFilters({ ...filters, page: filters.page - 1 })}>
            Previous
          </Button>
          <Text>
            Page {filters.page} of {pages}
          </Text>
          <Button size="sm" variant="outline" disabled={filters.page >= pages} onClick={() => setFilters({ ...filters, page: filters.page + 1 })}>
            Next
          </Button>
        </HStack>
      )}
    </Stack>
  )
}
