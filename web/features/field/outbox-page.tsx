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
import { fijiTime, formatBytes, kindLabels, nextTryOf, photoPercents, relativeFromNow, sendNowBlockedReason, statusOf, summaryOf, transferSummary, type StatusTone } from './format'
import { countLabel, nounFor } from '../../shared/plural'

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

export function OutboxPage() {
  useDocumentTitle('Outbox')
  const items = useOutboxItems()
  const now = useNow(1_000)
  const pending = items?.filter((item) => item.status !== 'sent') ?? []
  const sent = (items?.filter((item) => item.status === 'sent') ?? []).sort((a, b) => (b.sentAt ?? 0) - (a.sentAt ?? 0))

  return (
    <Box maxW="4xl" mx="auto">
      <Heading as="h1" size={{ base: '2xl', md: '3xl' }} color="brand.900">
        Outbox
      </Heading>
      <Text mt="2" fontSize="lg">
        Everything saved on this phone to send: farmer signups, reviews and expert registrations. They are sent
        automatically, oldest first, whenever there is coverage.
      </Text>

      <SendPanel
        pendingCount={pending.length}
        waitingCount={pending.filter((i) => i.status === 'waiting').length}
        needsAttentionCount={pending.filter((i) => i.status === 'needsAttention').length}
        now={now}
      />

      <Box as="section" aria-labelledby="outbox-unsent" mt="8">
        <Heading as="h2" id="outbox-unsent" size="xl" mb="3">
          Unsent ({pending.length})
        </Heading>
        {items === undefined ? (
          <Text role="status" color="fg.muted">
            Loading the outbox…
          </Text>
        ) : pending.length === 0 ? (
          <Text color="fg.muted">Nothing waiting: everything saved on this phone has been sent.</Text>
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
              Sent ({sent.length})
            </Heading>
            <Button
              size="sm"
              variant="outline"
              onClick={() => void clearSent().then((n) => toast({ title: `Removed ${n} sent ${nounFor(n, 'item')} from this list` }))}
            >
              Clear sent items
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
  const reason = sendNowBlockedReason({ online, waitingCount, needsAttentionCount, sendingCount: pendingCount - waitingCount - needsAttentionCount })
  const disabled = busy || reason !== undefined

  return (
    <Box as="section" aria-label="Sending" mt="6" borderWidth="1px" borderColor="gray.200" borderRadius="xl" p={{ base: '4', md: '5' }} bg="white">
      <Flex gap="3" align="center" wrap="wrap">
        <Box flex="1" minW="14rem" role="status" aria-live="polite">
          <Text fontWeight="semibold">
            {!online
              ? 'You are offline'
              : engine.isSending
                ? 'Sending now…'
                : engine.isOtherTabSending
                  ? 'Another tab of the app is sending.'
                  : pendingCount === 0
                    ? 'All sent'
                    : `${pendingCount} unsent`}
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
                aria-label="Photos sent"
              />
            </Box>
          ) : null}
          {engine.paused === 'auth' ? (
            <Text fontSize="sm" color="red.700">
              Your session has expired: the items wait until you sign in again.{' '}
              <Link asChild variant="underline" colorPalette="red" fontWeight="semibold">
                <RouterLink to="/login?next=/outbox">Sign in to send</RouterLink>
              </Link>
            </Text>
          ) : nextTry !== undefined ? (
            <Text fontSize="sm" color="fg.muted" data-testid="next-automatic-try">
              Next automatic try {relativeFromNow(nextTry, now)}.
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
            {busy ? 'Sending…' : 'Send now'}
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
  const status = statusOf(item, engine)
  const colors = toneColors[status.tone]
  const titleId = useId()
  const [fixing, setFixing] = useState(false)
  const [confirmDelete, setConfirmDelete] = useState(false)

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
            {kindLabels[item.kind]}
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
        <Detail term="Made">{fijiTime(item.createdAt)}</Detail>
        {item.agentName ? <Detail term="By">{item.agentName}</Detail> : null}
        {item.photoIds.length > 0 ? <Detail term="Photos">{String(item.photoIds.length)}</Detail> : null}
        <Detail term="Attempts">{String(item.attempts)}</Detail>
        {nextTry !== undefined ? <Detail term="Next try">{relativeFromNow(nextTry, now)}</Detail> : null}
        {item.status === 'sent' && item.sentAt ? <Detail term="Sent">{fijiTime(item.sentAt)}</Detail> : null}
      </chakra.dl>

      {item.status === 'needsAttention' || item.status === 'waiting' ? (
        <Flex mt="3" gap="2" wrap="wrap">
          {item.status === 'needsAttention' && !fixing ? (
            <Button size="sm" colorPalette="brand" onClick={() => setFixing(true)}>
              Fix and resend
            </Button>
          ) : null}
          <Button size="sm" variant="outline" colorPalette="red" disabled={engine.currentItemId === item.id} onClick={() => setConfirmDelete(true)}>
            Delete
          </Button>
        </Flex>
      ) : null}

      {fixing ? <FixForm item={item} onDone={() => setFixing(false)} /> : null}

      {confirmDelete ? (
        <NativeDialog title="Delete this unsent item?" subtitle="It will be lost." onClose={() => setConfirmDelete(false)} maxW="28rem">
          <Text mb="4">
            {kindLabels[item.kind]}: <strong>{summaryOf(item)}</strong>. It has not reached the server; once deleted it cannot be sent or brought back.
          </Text>
          <Flex gap="3" justify="flex-end" wrap="wrap">
            <Button variant="outline" onClick={() => setConfirmDelete(false)}>
              Keep it
            </Button>
            <Button
              colorPalette="red"
              bg="red.700"
              color="white"
              onClick={() => {
                void deleteItem(item.id)
                  .then(() => toast({ title: 'Item deleted' }))
                  .catch((error: unknown) =>
                    toast({ title: 'Could not delete it', description: error instanceof Error ? error.message : String(error), variant: 'destructive' }),
                  )
                  .finally(() => setConfirmDelete(false))
              }}
            >
              Delete
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
  if (percents.length === 0) return null
  return (
    <Flex mt="2" direction="column" gap="1" data-testid="photo-progress">
      {percents.map((percent, index) => (
        <Flex key={index} align="center" gap="2" fontSize="sm">
          <Text as="span" minW="9rem">
            Photo uploading: {percent} %
          </Text>
          <chakra.progress flex="1" maxW="16rem" h="2" accentColor="blue.700" max={100} value={percent} aria-label={`Photo uploading, ${percent} %`} />
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
        Storage on this phone
      </Heading>
      {info === null ? (
        <Text color="fg.muted">Checking storage…</Text>
      ) : (
        <>
          <Text>
            {estimate ? `Used ${formatBytes(estimate.usage)} of ${formatBytes(estimate.quota)} (${percent} %).` : 'This browser does not tell how much storage is used.'}
          </Text>
          {estimate?.isNearlyFull ? (
            <Box role="alert" mt="2" borderWidth="1px" borderColor="red.600" bg="red.50" borderRadius="md" px="3" py="2">
              <Text color="red.800" fontWeight="semibold">
                Storage is nearly full ({percent} %). Send the unsent items, or export them, before adding more photos.
              </Text>
            </Box>
          ) : null}
          <Flex mt="2" gap="3" align="center" wrap="wrap">
            <Text flex="1" minW="14rem">
              {info.persisted === true
                ? 'Storage is persistent: the browser will not clear it to make room.'
                : info.persisted === false
                  ? 'Storage is not persistent yet: the browser may clear it when the phone runs out of space.'
                  : 'This browser does not say whether it keeps this storage.'}
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
                      if (!granted) toast({ title: 'The browser did not agree yet', description: 'Installing the app on the home screen usually lets it keep its storage.' })
                      return storageInfo().then(setInfo)
                    })
                    .finally(() => setAsking(false))
                }}
              >
                Keep storage
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
      toast({ title: `Exported ${count} unsent ${nounFor(count, 'item')}`, description: 'They also stay in this outbox.' })
    } catch (error) {
      toast({ title: 'Export failed', description: error instanceof Error ? error.message : String(error), variant: 'destructive' })
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
      const notes = [skipped > 0 ? `${skipped} already on this phone` : '', alreadySent > 0 ? `${alreadySent} already sent` : ''].filter(Boolean).join(', ')
      toast({ title: `Imported ${countLabel(added, 'item')}`, description: notes ? `Skipped: ${notes}.` : undefined })
    } catch (error) {
      toast({ title: 'Import failed', description: error instanceof Error ? error.message : String(error), variant: 'destructive' })
    } finally {
      setWorking(false)
    }
  }

  return (
    <Box as="section" aria-labelledby="outbox-backup" mt="8" borderTopWidth="1px" borderColor="gray.200" pt="6" pb="4">
      <Heading as="h2" id="outbox-backup" size="lg" mb="2">
        Move unsent items to another phone
      </Heading>
      <Text mb="3" color="fg.muted">
        Export makes one file with every unsent item and its photos. Import it on another phone: items already there are
        skipped, and an item that already reached the server is never recorded twice.
      </Text>
      <Flex gap="3" wrap="wrap">
        <Button variant="outline" colorPalette="brand" disabled={working || pendingCount === 0} onClick={() => void onExport()}>
          Export unsent items
        </Button>
        <Button variant="outline" colorPalette="brand" disabled={working} onClick={() => fileInput.current?.click()}>
          Import
        </Button>
        <chakra.input
          ref={fileInput}
          type="file"
          accept="application/json,.json"
          aria-label="Import an outbox file"
          tabIndex={-1}
          srOnly
          onChange={(e) => void onImport(e)}
        />
      </Flex>
    </Box>
  )
}
