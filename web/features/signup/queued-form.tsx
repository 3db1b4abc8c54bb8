// Parts the two queued signup forms share: the 'Draft restored' note, the refusal note, and the
// submit flow (save in the outbox, wait a little for the server, then sent / saved / refused).
import { Box, Button, Flex, Text } from '@chakra-ui/react'
import { useEffect, useRef } from 'react'
import { messages } from '../../../api/contract'
import { invalidPayloadIssues, outcomeOf } from '../../shared/outbox/outcome'
import { waitForOutcome } from '../../shared/outbox/runtime'
import { addReloadGuard } from '../../shared/reload-guard'
import { toast } from '../../shared/ui/toast'

export { invalidPayloadIssues } from '../../shared/outbox/outcome'

/** Shown when a form opened with its autosaved draft. */
export function DraftNote({ hasPhotos, onDiscard }: { hasPhotos: boolean; onDiscard: () => void }) {
  return (
    <Flex role="status" mb="4" gap="3" align="center" wrap="wrap" bg="brand.50" borderWidth="1px" borderColor="brand.600" borderRadius="md" px="4" py="3">
      <Text flex="1" minW="12rem" color="brand.900">
        <strong>Draft restored.</strong> What you typed before{hasPhotos ? ' (and its photos)' : ''} was kept on this phone.
      </Text>
      <Button type="button" size="sm" variant="outline" colorPalette="brand" onClick={onDiscard}>
        Discard draft
      </Button>
    </Flex>
  )
}

/** The server refused the submission (400): its message, above the submit button. */
export function RefusalNote({ what, message }: { what: string; message: string }) {
  return (
    <Box role="alert" borderWidth="1px" borderColor="red.300" bg="red.50" borderRadius="md" px="4" py="3">
      <Text fontWeight="semibold" color="red.700">
        The server did not accept this {what}: {message}
      </Text>
      <Text fontSize="sm">Correct it and submit again. It is also kept in the Outbox until then.</Text>
    </Box>
  )
}

/**
 * Updates never eat a form: while the form has input the update banner will not reload. Answers
 * the 'unsaved input' flag, which the submit flow clears once the submission is queued.
 */
export function useUnsavedGuard(hasInput: boolean, reason: string): { current: boolean } {
  const dirty = useRef(false)
  useEffect(() => {
    dirty.current = hasInput
  }, [hasInput])
  useEffect(() => addReloadGuard({ reason, blocking: () => dirty.current }), [reason])
  return dirty
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

/** How a submission ended for the screen: the server has it, or it is saved on this phone. */
export type QueuedResult = { kind: 'sent' } | { kind: 'saved'; waitsForSignIn: boolean }

export interface QueuedSubmit {
  /** Saves the submission in the outbox. */
  queue: () => Promise<{ id: string }>
  /** Shows the payload check's or the server's issues on the fields. */
  showIssues: (issues: readonly Issue[]) => void
  /** The form's 'unsaved input' flag, read by the reload guard. */
  dirty: { current: boolean }
  clearDraft: () => Promise<void>
  /** The server refused the queued item (its message; the values are kept). */
  onRefused: (itemId: string, message: string) => void
  onDone: (result: QueuedResult) => void
}

export async function submitQueued({ queue, showIssues, dirty, clearDraft, onRefused, onDone }: QueuedSubmit): Promise<void> {
  let item
  try {
    item = await queue()
  } catch (error) {
    const issues = invalidPayloadIssues(error)
    if (issues) return showIssues(issues)
    toast({
      title: 'Could not save on this phone',
      description: `${error instanceof Error ? error.message : String(error)}. Nothing was sent; your entries are still here.`,
      variant: 'destructive',
    })
    return
  }
  // Safely queued: the draft's job is done.
  dirty.current = false
  await clearDraft()
  const outcome = outcomeOf(await waitForOutcome(item.id))
  if (outcome.kind === 'refused') {
    // Needs attention at once (400): the server's message here, the values kept.
    dirty.current = true
    onRefused(item.id, outcome.message)
    showIssues(outcome.issues)
    toast({ title: messages.common.errorTitle, description: outcome.message, variant: 'destructive' })
    return
  }
  // A server failure (5xx) stays queued and goes out by itself: for a signup that is 'saved'.
  onDone(outcome.kind === 'sent' ? { kind: 'sent' } : { kind: 'saved', waitsForSignIn: outcome.kind === 'saved' && outcome.waitsForSignIn })
}
