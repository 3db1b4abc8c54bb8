// Lazy chunk: the Outbox (/outbox), the data agents' field screen (offline-sync promises 3, 5,
// 10). Every item saved on this phone with its kind, a summary, when it was made (Fiji time) and
// its state: waiting, sending (each photo's percent; the panel: bytes sent of bytes waiting and the
// time left at the measured speed), sent, or needs attention with the server's message. 'Send now'; fix-and-resend for refused items; delete only after a confirmation;
// storage use and persistence; export and import of unsent items (ids kept: never a duplicate).
import { Box, Button, Flex, Heading, Link, Text, chakra } from '@chakra-ui/react'
import { useEffect, useId, useRef, useState, type ChangeEvent } from 'react'
import { Link as RouterLink } from 'react-router-dom'
import type { OutboxItem } from '../../../sync/outbox/types'
import { useIsOnline, useOutboxEngineState, useOutboxItems } from '../../shared/outbox/hooks'
import { isStorageFull, storageErrorText } from '../../shared/outbox/storage-error'
import {
  askPersistentStorage,
  clearSent,
  deleteItem,
  exportUnsent,
  importBackup,
  sendNow,
  storageInfo,
  type StorageInfo,
} from '../../shared/outbox/runtime'
import { useDocumentTitle } from '../../shared/site'
import { NativeDialog } from '../../shared/ui/native-dialog'
import { toast } from '../../shared/ui/toast'
import { FixForm } from './fix-form'
import { deleteWarningOf, fijiTime, formatBytes, kindLabel, nextTryOf, photoPercents, relativeFromNow, sendNowBlockedReason, sendPanelHeadline, statusOf, summaryOf, transferSummary, type StatusTone } from './format'
import { t as translate, useT } from '../../i18n/runtime'
import { translateMessage } from '../../i18n/messages'

const toneColors: Record<StatusTone, { bg: string; fg: string; border: string }> = {
  waiting: { bg: 'orange.50', fg: 'orange.900', border: 'orange.700' },
  sending: { bg: 'blue.50', fg: 'blue.900', border: 'blue.700' },
  sent: { bg: 'brand.50', fg: 'brand.900', border: 'brand.700' },
  attention: { bg: 'red.50', fg: 'red.800', border: 'red.600' },
}

/** The clock the relative times read, ticking so "in 40 s" counts down. */
function useNow(everyMs: number): number {
  const [now, setNow] = useState(() => Date.now())
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), everyMs)
    return () => clearInterval(timer)
  }, [everyMs])
  return now
}

const unsentHeadingId = 'outbox-unsent'

/** Where focus goes when the control that had it leaves with an item or a section. */
function focusUnsentHeading() {
  document.getElementById(unsentHeadingId)?.focus()
}

export function OutboxPage() {
  const t = useT()
  useDocumentTitle(t('outbox.page.title'))
  const items = useOutboxItems()
  const now = useNow(1_000)
  const pending = items?.filter((item) => item.status !== 'sent') ?? []
  const sent = (items?.filter((item) => item.status === 'sent') ?? []).sort((a, b) => (b.sentAt ?? 0) - (a.sentAt ?? 0))

  return (
    <Box maxW="4xl" mx="auto">
      <Heading as="h1" size={{ base: '2xl', md: '3xl' }} color="brand.900">
        {t('outbox.page.title')}
      </Heading>
      <Text mt="2" fontSize="lg">
        {t('outbox.page.intro')}
      </Text>

      <SendPanel
        pendingCount={pending.length}
        waitingCount={pending.filter((i) => i.status === 'waiting').length}
        needsAttentionCount={pending.filter((i) => i.status === 'needsAttention').length}
        now={now}
      />

      <Box as="section" aria-labelledby={unsentHeadingId} mt="8">
        <Heading as="h2" id={unsentHeadingId} tabIndex={-1} size="xl" mb="3">
          {t('outbox.page.unsent', { count: pending.length })}
        </Heading>
        {items === undefined ? (
          <Text role="status" color="fg.muted">
            {t('outbox.page.loading')}
          </Text>
        ) : pending.length === 0 ? (
          <Text color="fg.muted">{t('outbox.page.nothingWaiting')}</Text>
        ) : (
          <Flex direction="column" gap="4">
            {pending.map((item) => (
              <OutboxItemCard key={item.id} item={item} now={now} />
            ))}
          </Flex>
        )}
      </Box>

      {sent.length > 0 ? (
        <Box as="section" aria-labelledby="outbox-sent" mt="8">
          <Flex align="center" gap="3" wrap="wrap" mb="3">
            <Heading as="h2" id="outbox-sent" size="xl" flex="1">
              {t('outbox.page.sent', { count: sent.length })}
            </Heading>
            <Button
              size="sm"
              variant="outline"
              onClick={() =>
                void clearSent().then((n) => {
                  toast({ title: translate('outbox.page.cleared', { count: n }) })
                  // This button goes with the section it clears: focus must not fall to the page.
                  focusUnsentHeading()
                })
              }
            >
              {t('outbox.page.clearSent')}
            </Button>
          </Flex>
          <Flex direction="column" gap="3">
            {sent.map((item) => (
              <OutboxItemCard key={item.id} item={item} now={now} />
            ))}
          </Flex>
        </Box>
      ) : null}

      <StoragePanel itemCount={items?.length ?? 0} />
      <BackupPanel pendingCount={pending.length} />
    </Box>
  )
}

function SendPanel({ pendingCount, waitingCount, needsAttentionCount, now }: { pendingCount: number; waitingCount: number; needsAttentionCount: number; now: number }) {
  const online = useIsOnline()
  const engine = useOutboxEngineState()
  const nextTry = waitingCount > 0 ? nextTryOf(undefined, engine, online) : undefined
  const [busy, setBusy] = useState(false)
  const reasonId = useId()
  const reason = sendNowBlockedReason({ online, waitingCount, needsAttentionCount, sendingCount: pendingCount - waitingCount - needsAttentionCount, serverWaitUntil: engine.serverWaitUntil, now })
  const disabled = busy || reason !== undefined
  const t = useT()

  return (
    <Box as="section" aria-label={t('outbox.panel.label')} mt="6" borderWidth="1px" borderColor="gray.200" borderRadius="xl" p={{ base: '4', md: '5' }} bg="white">
      <Flex gap="3" align="center" wrap="wrap">
        <Box flex="1" minW="14rem" role="status" aria-live="polite">
          <Text fontWeight="semibold">
            {sendPanelHeadline({ online, isSending: engine.isSending, isOtherTabSending: engine.isOtherTabSending, pendingCount })}
          </Text>
          {engine.isSending && transferSummary(engine.transfer) !== undefined ? (
            <Box mt="1" data-testid="outbox-transfer">
              <Text fontSize="sm">{transferSummary(engine.transfer)}</Text>
              <chakra.progress
                display="block"
                w="full"
                maxW="24rem"
                h="2"
                mt="1"
                accentColor="blue.700"
                max={engine.transfer.totalBytes}
                value={engine.transfer.sentBytes}
                aria-label={t('outbox.panel.photosSent')}
              />
            </Box>
          ) : null}
          {engine.noRoom && pendingCount > 0 ? (
            <Text fontSize="sm" color="red.700" data-testid="outbox-no-room">
              {t('outbox.panel.noRoom')}
            </Text>
          ) : null}
          {engine.paused === 'auth' ? (
            <Text fontSize="sm" color="red.700">
              {t('outbox.panel.sessionExpired')}{' '}
              <Link asChild variant="underline" colorPalette="red" fontWeight="semibold">
                <RouterLink to="/login?next=/outbox">{t('outbox.signInToSend')}</RouterLink>
              </Link>
            </Text>
          ) : nextTry !== undefined ? (
            <Text fontSize="sm" color="fg.muted" data-testid="next-automatic-try">
              {t('outbox.panel.nextTry', { when: relativeFromNow(nextTry, now) })}
            </Text>
          ) : null}
        </Box>
        <Box>
          <Button
            colorPalette="brand"
            disabled={disabled}
            aria-describedby={reason ? reasonId : undefined}
            onClick={() => {
              setBusy(true)
              void sendNow().finally(() => setBusy(false))
            }}
          >
            {t(busy ? 'outbox.panel.sending' : 'outbox.panel.sendNow')}
          </Button>
        </Box>
      </Flex>
      {reason && pendingCount > 0 ? (
        <Text id={reasonId} mt="2" fontSize="sm" color="fg.muted">
          {reason}
        </Text>
      ) : reason ? (
        <Text id={reasonId} srOnly>
          {reason}
        </Text>
      ) : null}
    </Box>
  )
}

function OutboxItemCard({ item, now }: { item: OutboxItem; now: number }) {
  const engine = useOutboxEngineState()
  const online = useIsOnline()
  const nextTry = item.attempts > 0 ? nextTryOf(item, engine, online) : undefined
  const t = useT()
  const status = statusOf(item, engine)
  const colors = toneColors[status.tone]
  const titleId = useId()
  const [fixing, setFixing] = useState(false)
  const [confirmDelete, setConfirmDelete] = useState(false)
  const deleteWarning = deleteWarningOf(item)
  // A deleted item's card leaves with its Delete button, the dialog's opener: once it is gone,
  // focus goes to the list's heading rather than falling to the page (after the dialog's own
  // return of focus, which finds its opener gone).
  const deleting = useRef(false)
  useEffect(
    () => () => {
      if (deleting.current) setTimeout(focusUnsentHeading, 0)
    },
    [],
  )

  return (
    <Box
      as="article"
      aria-labelledby={titleId}
      data-testid="outbox-item"
      data-status={item.status}
      borderWidth="1px"
      borderColor="gray.200"
      borderLeftWidth="4px"
      borderLeftColor={colors.border}
      borderRadius="lg"
      p={{ base: '3', md: '4' }}
      bg="white"
    >
      <Flex gap="3" align="flex-start" wrap="wrap">
        <Box flex="1" minW="12rem">
          <Text fontSize="sm" color="fg.muted" fontWeight="medium">
            {kindLabel(item.kind)}
          </Text>
          <Heading as="h3" id={titleId} size="md" overflowWrap="anywhere">
            {summaryOf(item)}
          </Heading>
        </Box>
        <Text as="span" fontSize="sm" fontWeight="semibold" px="2.5" py="1" borderRadius="full" bg={colors.bg} color={colors.fg} borderWidth="1px" borderColor={colors.border}>
          {status.label}
        </Text>
      </Flex>
      <PhotoProgress itemId={item.id} />
      {status.detail ? (
        <Text mt="2" fontSize="sm" color={status.tone === 'attention' ? 'red.700' : 'fg.muted'} fontWeight={status.tone === 'attention' ? 'semibold' : 'normal'}>
          {status.detail}
        </Text>
      ) : null}
      <chakra.dl mt="2" fontSize="sm" color="gray.700" display="flex" flexWrap="wrap" columnGap="5" rowGap="1">
        <Detail term={t('outbox.card.made')}>{fijiTime(item.createdAt)}</Detail>
        {item.agentName ? <Detail term={t('outbox.card.by')}>{item.agentName}</Detail> : null}
        {item.photoIds.length > 0 ? <Detail term={t('outbox.card.photos')}>{String(item.photoIds.length)}</Detail> : null}
        <Detail term={t('outbox.card.attempts')}>{String(item.attempts)}</Detail>
        {nextTry !== undefined ? <Detail term={t('outbox.card.nextTry')}>{relativeFromNow(nextTry, now)}</Detail> : null}
        {item.status === 'sent' && item.sentAt ? <Detail term={t('outbox.card.sent')}>{fijiTime(item.sentAt)}</Detail> : null}
      </chakra.dl>

      {item.status === 'needsAttention' || item.status === 'waiting' ? (
        <Flex mt="3" gap="2" wrap="wrap">
          {item.status === 'needsAttention' && !fixing ? (
            <Button size="sm" colorPalette="brand" onClick={() => setFixing(true)}>
              {t('outbox.card.fix')}
            </Button>
          ) : null}
          <Button size="sm" variant="outline" colorPalette="red" disabled={engine.currentItemId === item.id} onClick={() => setConfirmDelete(true)}>
            {t('outbox.card.delete')}
          </Button>
        </Flex>
      ) : null}

      {fixing ? <FixForm item={item} onDone={() => setFixing(false)} /> : null}

      {confirmDelete ? (
        <NativeDialog title={deleteWarning.title} subtitle={deleteWarning.subtitle} onClose={() => setConfirmDelete(false)} maxW="28rem">
          <Text mb="4">
            {deleteWarning.text}
          </Text>
          <Flex gap="3" justify="flex-end" wrap="wrap">
            <Button variant="outline" onClick={() => setConfirmDelete(false)}>
              {t('outbox.card.keep')}
            </Button>
            <Button
              colorPalette="red"
              bg="red.700"
              color="white"
              onClick={() => {
                deleting.current = true
                void deleteItem(item.id)
                  .then(() => toast({ title: translate('outbox.card.deleted') }))
                  .catch((error: unknown) => {
                    deleting.current = false
                    toast({ title: translate('outbox.card.couldNotDelete'), description: translateMessage(error instanceof Error ? error.message : String(error)), variant: 'destructive' })
                  })
                  .finally(() => setConfirmDelete(false))
              }}
            >
              {t('outbox.card.delete')}
            </Button>
          </Flex>
        </NativeDialog>
      ) : null}
    </Box>
  )
}

/** Each of the item's photos going up now, with its percent (upload progress events). */
function PhotoProgress({ itemId }: { itemId: string }) {
  const { transfer } = useOutboxEngineState()
  const percents = photoPercents(itemId, transfer)
  const t = useT()
  if (percents.length === 0) return null
  return (
    <Flex mt="2" direction="column" gap="1" data-testid="photo-progress">
      {percents.map((percent, index) => (
        <Flex key={index} align="center" gap="2" fontSize="sm">
          <Text as="span" minW="9rem">
            {t('outbox.card.photoUploading', { percent })}
          </Text>
          <chakra.progress flex="1" maxW="16rem" h="2" accentColor="blue.700" max={100} value={percent} aria-label={t('outbox.card.photoUploadingLabel', { percent })} />
        </Flex>
      ))}
    </Flex>
  )
}

function Detail({ term, children }: { term: string; children: string }) {
  return (
    <Flex gap="1">
      <chakra.dt fontWeight="semibold">{term}:</chakra.dt>
      <chakra.dd m="0">{children}</chakra.dd>
    </Flex>
  )
}

function StoragePanel({ itemCount }: { itemCount: number }) {
  const [info, setInfo] = useState<StorageInfo | null>(null)
  const [asking, setAsking] = useState(false)
  const t = useT()
  useEffect(() => {
    let active = true
    void storageInfo().then((next) => active && setInfo(next))
    return () => {
      active = false
    }
  }, [itemCount])
  const estimate = info?.estimate
  const percent = estimate ? Math.round(estimate.ratio * 100) : 0

  return (
    <Box as="section" aria-labelledby="outbox-storage" mt="10" borderTopWidth="1px" borderColor="gray.200" pt="6">
      <Heading as="h2" id="outbox-storage" size="lg" mb="2">
        {t('outbox.storage.title')}
      </Heading>
      {info === null ? (
        <Text color="fg.muted">{t('outbox.storage.checking')}</Text>
      ) : (
        <>
          <Text>
            {estimate ? t('outbox.storage.used', { usage: formatBytes(estimate.usage), quota: formatBytes(estimate.quota), percent }) : t('outbox.storage.unknown')}
          </Text>
          {estimate?.isNearlyFull ? (
            <Box role="alert" mt="2" borderWidth="1px" borderColor="red.600" bg="red.50" borderRadius="md" px="3" py="2">
              <Text color="red.800" fontWeight="semibold">
                {t('outbox.storage.nearlyFull', { percent })}
              </Text>
            </Box>
          ) : null}
          <Flex mt="2" gap="3" align="center" wrap="wrap">
            <Text flex="1" minW="14rem">
              {info.persisted === true
                ? t('outbox.storage.persistent')
                : info.persisted === false
                  ? t('outbox.storage.notPersistent')
                  : t('outbox.storage.unknownPersistence')}
            </Text>
            {info.persisted === false ? (
              <Button
                size="sm"
                variant="outline"
                disabled={asking}
                onClick={() => {
                  setAsking(true)
                  void askPersistentStorage()
                    .then((granted) => {
                      if (!granted) toast({ title: translate('outbox.storage.notAgreed'), description: translate('outbox.storage.installHint') })
                      return storageInfo().then(setInfo)
                    })
                    .finally(() => setAsking(false))
                }}
              >
                {t('outbox.storage.keep')}
              </Button>
            ) : null}
          </Flex>
        </>
      )}
    </Box>
  )
}

function BackupPanel({ pendingCount }: { pendingCount: number }) {
  const fileInput = useRef<HTMLInputElement>(null)
  const [working, setWorking] = useState(false)
  const t = useT()

  const onExport = async () => {
    setWorking(true)
    try {
      const { text, count } = await exportUnsent()
      const url = URL.createObjectURL(new Blob([text], { type: 'application/json' }))
      const link = document.createElement('a')
      link.href = url
      link.download = `viti-farmers-outbox-${new Date().toISOString().slice(0, 16).replace(/[:T]/g, '-')}.json`
      document.body.append(link)
      link.click()
      link.remove()
      setTimeout(() => URL.revokeObjectURL(url), 10_000)
      toast({ title: translate('outbox.backup.exported', { count }), description: translate('outbox.backup.stayHere') })
    } catch (error) {
      toast({ title: translate('outbox.backup.exportFailed'), description: error instanceof Error ? error.message : String(error), variant: 'destructive' })
    } finally {
      setWorking(false)
    }
  }

  const onImport = async (event: ChangeEvent<HTMLInputElement>) => {
    const input = event.currentTarget
    const file = input.files?.[0]
    input.value = ''
    if (!file) return
    setWorking(true)
    try {
      const { added, skipped, alreadySent } = await importBackup(await file.text())
      const notes = [skipped > 0 ? translate('outbox.backup.alreadyHere', { count: skipped }) : '', alreadySent > 0 ? translate('outbox.backup.alreadySent', { count: alreadySent }) : '']
        .filter(Boolean)
        .join(', ')
      toast({ title: translate('outbox.backup.imported', { count: added }), description: notes ? translate('outbox.backup.skipped', { notes }) : undefined })
    } catch (error) {
      toast({ title: translate('outbox.backup.importFailed'), description: isStorageFull(error) ? storageErrorText(error) : translateMessage(error instanceof Error ? error.message : String(error)), variant: 'destructive' })
    } finally {
      setWorking(false)
    }
  }

  return (
    <Box as="section" aria-labelledby="outbox-backup" mt="8" borderTopWidth="1px" borderColor="gray.200" pt="6" pb="4">
      <Heading as="h2" id="outbox-backup" size="lg" mb="2">
        {t('outbox.backup.title')}
      </Heading>
      <Text mb="3" color="fg.muted">
        {t('outbox.backup.intro')}
      </Text>
      <Flex gap="3" wrap="wrap">
        <Button variant="outline" colorPalette="brand" disabled={working || pendingCount === 0} onClick={() => void onExport()}>
          {t('outbox.backup.export')}
        </Button>
        <Button variant="outline" colorPalette="brand" disabled={working} onClick={() => fileInput.current?.click()}>
          {t('outbox.backup.import')}
        </Button>
        <chakra.input
          ref={fileInput}
          type="file"
          accept="application/json,.json"
          aria-label={t('outbox.backup.importLabel')}
          tabIndex={-1}
          srOnly
          onChange={(e) => void onImport(e)}
        />
      </Flex>
    </Box>
  )
}
