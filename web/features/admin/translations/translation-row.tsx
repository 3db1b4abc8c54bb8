// One string of the Translations screen: where it shows, English, the translation (editable), its
// status, and Save / Mark reviewed / Revert. The server checks the ICU and the placeholders; its
// message shows under the field.
import { Badge, Button, HStack, Stack, Table, Text, Textarea } from '@chakra-ui/react'
import { useEffect, useId, useState } from 'react'
import type { TranslationStatus } from '../../../../api/contract/i18n'
import type { TranslationString } from '../../../../api/contract/translations'
import { messageOr, toastSuccess } from '../feedback'
import { STATUS_LABELS, useTranslationWrite, type TranslatedLocale } from './translations-data'
import { useT } from '../../../i18n/runtime'
import { piecesAround } from '../../../i18n/messages'

const statusPalette: Record<TranslationStatus, string> = { drafted: 'orange', reviewed: 'green' }

export function TranslationRow({ locale, string, isOnline }: { locale: TranslatedLocale; string: TranslationString; isOnline: boolean }) {
  const t = useT()
  const { save, revert } = useTranslationWrite()
  const [draft, setDraft] = useState(string.message)
  const [error, setError] = useState<string>()
  const [busy, setBusy] = useState<'save' | 'review' | 'revert' | null>(null)
  const id = useId()
  // A saved, reverted or imported string shows what the server now holds.
  useEffect(() => setDraft(string.message), [string.message])

  const run = async (kind: 'save' | 'review' | 'revert', work: () => Promise<unknown>, done: string) => {
    setBusy(kind)
    setError(undefined)
    try {
      await work()
      toastSuccess(done)
    } catch (failure) {
      setError(messageOr(failure, t('admin.translations.failedToSave')))
    } finally {
      setBusy(null)
    }
  }
  const isChanged = draft !== string.message

  return (
    <Table.Row>
      <Table.Cell minW="12rem" maxW="18rem" verticalAlign="top">
        <Text fontFamily="mono" fontSize="xs" wordBreak="break-all">
          {string.key}
        </Text>
        <Text fontSize="sm" color="fg.muted" mt="1">
          {string.note}
        </Text>
      </Table.Cell>
      <Table.Cell minW="12rem" maxW="20rem" verticalAlign="top" lang="en">
        {string.english}
      </Table.Cell>
      <Table.Cell minW="16rem" verticalAlign="top">
        <Stack gap="1">
          <Textarea
            id={id}
            lang={locale}
            size="sm"
            autoresize
            value={draft}
            aria-label={t('admin.translations.translationOf', { key: string.key })}
            aria-invalid={!!error}
            aria-describedby={error ? `${id}-error` : undefined}
            onChange={(e) => setDraft(e.target.value)}
          />
          {error && (
            <Text id={`${id}-error`} color="fg.error" fontSize="sm" role="alert">
              {error}
            </Text>
          )}
          {string.correction && (
            <Text fontSize="xs" color="fg.muted">
              {piecesAround(t, string.correction.updatedBy ? 'admin.translations.correctedBy' : 'admin.translations.corrected', { file: <span key="file" lang={locale}>{string.fileMessage}</span> }, { by: string.correction.updatedBy })}
            </Text>
          )}
        </Stack>
      </Table.Cell>
      <Table.Cell verticalAlign="top">
        <Badge colorPalette={statusPalette[string.status]}>{t(STATUS_LABELS[string.status])}</Badge>
      </Table.Cell>
      <Table.Cell verticalAlign="top">
        <HStack gap="2" wrap="wrap">
          <Button
            size="xs"
            colorPalette="brand"
            disabled={!isOnline || !isChanged}
            loading={busy === 'save'}
            aria-label={t('admin.translations.saveNamed', { key: string.key })}
            onClick={() => void run('save', () => save.mutateAsync({ locale, key: string.key, body: { message: draft, status: string.status } }), t('admin.translations.saved'))}
          >
            {t('admin.save')}
          </Button>
          <Button
            size="xs"
            variant="outline"
            disabled={!isOnline || (string.status === 'reviewed' && !isChanged)}
            loading={busy === 'review'}
            aria-label={t('admin.translations.markReviewedNamed', { key: string.key })}
            onClick={() => void run('review', () => save.mutateAsync({ locale, key: string.key, body: { message: draft, status: 'reviewed' } }), t('admin.translations.markedReviewed'))}
          >
            {t('admin.translations.markReviewed')}
          </Button>
          {string.correction && (
            <Button
              size="xs"
              variant="outline"
              colorPalette="red"
              disabled={!isOnline}
              loading={busy === 'revert'}
              aria-label={t('admin.translations.revertNamed', { key: string.key })}
              onClick={() => void run('revert', () => revert.mutateAsync({ locale, key: string.key }), t('admin.translations.reverted'))}
            >
              {t('admin.translations.revert')}
            </Button>
          )}
        </HStack>
      </Table.Cell>
    </Table.Row>
  )
}
