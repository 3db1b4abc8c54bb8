// Loading, failure and empty lines for a section that loads its data (directory, reviews).
import { Button, Flex, Text } from '@chakra-ui/react'
import { useEffect, useRef } from 'react'
import { useT } from '../../i18n/runtime'
import { useIsOnline } from '../outbox'

type Space = { py?: '3' | '6' }

export function Loading({ children, py = '3' }: { children?: string } & Space) {
  const t = useT()
  return (
    <Text role="status" color="fg.muted" py={py}>
      {children ?? t('ui.loading')}
    </Text>
  )
}

/**
 * When the phone comes back online, the failed loads shown then try again at once and twice more a
 * little later: the link may carry nothing yet the moment the phone says it is online, and a try
 * that fails shows the failure anew (a list with no data is "Loading…" while it tries), so the
 * later tries are the module's, not the component's.
 */
const BACK_ONLINE_TRIES_MS = [0, 2_000, 8_000]
const failedLoads = new Set<{ current: () => void }>()
let listening = false
function retryWhenBackOnline() {
  if (listening || typeof window === 'undefined') return
  listening = true
  window.addEventListener('online', () => {
    for (const after of BACK_ONLINE_TRIES_MS) setTimeout(() => [...failedLoads].forEach((retry) => retry.current()), after)
  })
}

/** The spec's load-failure text, with a way to try again (weak 3G drops requests). */
export function LoadError({ message, onRetry, py = '3' }: { message: string; onRetry: () => void } & Space) {
  const t = useT()
  // Offline, a list the phone never kept cannot load: say so, and try again once the phone is back
  // online. (TanStack's own refetch on reconnect never comes for a page opened offline: its online
  // state starts true, so the browser's 'online' event changes nothing for it.)
  const isOnline = useIsOnline()
  const retry = useRef(onRetry)
  useEffect(() => {
    retry.current = onRetry
  }, [onRetry])
  useEffect(() => {
    retryWhenBackOnline()
    failedLoads.add(retry)
    return () => void failedLoads.delete(retry)
  }, [])
  return (
    <Flex role="alert" align="center" gap="3" wrap="wrap" py={py}>
      <Text color="red.600" fontWeight="medium">
        {message}
      </Text>
      <Button size="sm" variant="outline" onClick={onRetry}>
        {t('ui.tryAgain')}
      </Button>
      {!isOnline && (
        <Text color="fg.muted" flexBasis="100%">
          {t('ui.loadError.offline')}
        </Text>
      )}
    </Flex>
  )
}

/** A plain empty-state sentence. */
export function EmptyState({ children }: { children: string }) {
  return (
    <Text color="fg.muted" py="3" data-testid="empty-state">
      {children}
    </Text>
  )
}
