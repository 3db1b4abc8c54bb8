// Parts the two queued signup forms share: the 'Draft restored' note, the refusal note, and the
// submit flow (save in the outbox, wait a little for the server, then sent / saved / refused, or
// for a public form a server failure withdrawn and reported).
import { Box, Button, Flex, Text } from '@chakra-ui/react'
import { messages } from '../../../api/contract'
import { invalidPayloadIssues, type SavedReason } from '../../shared/outbox/outcome'
import { storageErrorText } from '../../shared/outbox/storage-error'
import { outcomeKeepingFailure, outcomeWithdrawingFailure } from '../../shared/outbox/runtime'
import { toast } from '../../shared/ui/toast'
import { t, useT } from '../../i18n/runtime'
import { translateMessage } from '../../i18n/messages'

export { invalidPayloadIssues } from '../../shared/outbox/outcome'

/** Shown when a form opened with its autosaved draft. */
export function DraftNote({ hasPhotos, onDiscard }: { hasPhotos: boolean; onDiscard: () => void }) {
  const t = useT()
  return (
    <Flex role="status" mb="4" gap="3" align="center" wrap="wrap" bg="brand.50" borderWidth="1px" borderColor="brand.600" borderRadius="md" px="4" py="3">
      <Text flex="1" minW="12rem" color="brand.900">
        <strong>{t('signup.draft.restored')}</strong> {t(hasPhotos ? 'signup.draft.keptWithPhotos' : 'signup.draft.kept')}
      </Text>
      <Button type="button" size="sm" variant="outline" colorPalette="brand" onClick={onDiscard}>
        {t('signup.draft.discard')}
      </Button>
    </Flex>
  )
}

/** The form's autosave was refused: the phone's storage is full. */
export function DraftNoRoomNote() {
  const t = useT()
  return (
    <Box role="status" mb="4" borderWidth="1px" borderColor="orange.700" bg="orange.50" borderRadius="md" px="4" py="3">
      <Text color="orange.900">{t('signup.draft.noRoom')}</Text>
    </Box>
  )
}

/** The server refused the submission (400): its message (already in the reader's words), above the submit button. */
export function RefusalNote({ text }: { text: string }) {
  const t = useT()
  return (
    <Box role="alert" borderWidth="1px" borderColor="red.300" bg="red.50" borderRadius="md" px="4" py="3">
      <Text fontWeight="semibold" color="red.700">
        {text}
      </Text>
      <Text fontSize="sm">{t('signup.refused.fix')}</Text>
    </Box>
  )
}

type Issue = { path: string; message: string }

/** Puts each issue on its field (by the path's first part); answers how many landed on a field. */
export function markIssues<N extends string>(issues: readonly Issue[], fieldNames: readonly N[], mark: (name: N, message: string) => void): number {
  let fieldIssues = 0
  for (const issue of issues) {
    const name = issue.path.split('.')[0] ?? ''
    if ((fieldNames as readonly string[]).includes(name)) {
      mark(name as N, issue.message)
      fieldIssues++
    }
  }
  return fieldIssues
}

/** How a submission ended for the screen: the server has it, or it is saved on this phone (and why;
 * the saved screen keeps watching the item, `itemId`). */
export type QueuedResult = { kind: 'sent' } | { kind: 'saved'; reason: SavedReason; itemId: string }

export interface QueuedSubmit {
  /** Saves the submission in the outbox. */
  queue: () => Promise<{ id: string }>
  /** Shows the payload check's or the server's issues on the fields. */
  showIssues: (issues: readonly Issue[]) => void
  /** The form's 'unsaved input' flag, read by the reload guard. */
  dirty: { current: boolean }
  clearDraft: () => Promise<void>
  /** Keeps the form's entries as a draft again (after a withdrawn server failure). */
  saveDraft: () => Promise<void>
  /** The server refused the queued item (its message; the values are kept). */
  onRefused: (itemId: string, message: string) => void
  /**
   * A public form: a server failure (5xx) is withdrawn from the outbox and reported here (the form
   * shows the spec's 'Failed to submit …' and keeps its entries). Without it (Data Agent Mode) the
   * item stays queued for retry and the screen says so.
   */
  onServerFailure?: () => void
  onDone: (result: QueuedResult) => void
}

export async function submitQueued({ queue, showIssues, dirty, clearDraft, saveDraft, onRefused, onServerFailure, onDone }: QueuedSubmit): Promise<void> {
  let item
  try {
    item = await queue()
  } catch (error) {
    const issues = invalidPayloadIssues(error)
    if (issues) return showIssues(issues)
    toast({
      title: t('signup.failed.couldNotSave'),
      description: t('signup.failed.couldNotSaveDescription', { error: storageErrorText(error) }),
      variant: 'destructive',
    })
    return
  }
  // Safely queued: the draft's job is done.
  dirty.current = false
  await clearDraft()
  const outcome = onServerFailure ? await outcomeWithdrawingFailure(item.id) : await outcomeKeepingFailure(item.id)
  if (outcome.kind === 'refused') {
    // Needs attention at once (400): the server's message here, the values kept.
    dirty.current = true
    onRefused(item.id, outcome.message)
    showIssues(outcome.issues)
    toast({ title: translateMessage(messages.common.errorTitle), description: translateMessage(outcome.message), variant: 'destructive' })
    return
  }
  if (outcome.kind === 'failed') {
    // Withdrawn: nothing is queued, so the entries are the only copy. Kept in the form and as a draft.
    dirty.current = true
    await saveDraft()
    onServerFailure?.()
    return
  }
  onDone(outcome.kind === 'saved' ? { ...outcome, itemId: item.id } : outcome)
}

/** The spec's failure message of a public form after a server failure (5xx), above its submit button. */
export function ServerFailureNote({ message }: { message: string }) {
  const t = useT()
  return (
    <Box role="alert" borderWidth="1px" borderColor="red.300" bg="red.50" borderRadius="md" px="4" py="3">
      <Text fontWeight="semibold" color="red.700">
        {message}
      </Text>
      <Text fontSize="sm">{t('signup.failed.nothingSent')}</Text>
    </Box>
  )
}
