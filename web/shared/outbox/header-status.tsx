// The header's outbox link (promise 3): the count of unsent items (waiting, sending, needs
// attention) linking to /outbox, for anyone who has queued items and always for signed-in staff
// (data agents); and 'Sign in to send' when the queue waits for a sign-in, 'Phone full' when the
// phone refused to store and nothing can be sent. A lazy chunk: it loads Dexie and the engine,
// which the home page's initial JS must not carry.
import { Link } from '@chakra-ui/react'
import { Component, useSyncExternalStore, type ReactNode } from 'react'
import { Link as RouterLink } from 'react-router-dom'
import { SESSION_CHANGED_EVENT, readSession } from '../api'
import { useOutboxEngineState, usePendingCount } from './hooks'
import { useT } from '../../i18n/runtime'

function subscribeSession(listener: () => void) {
  window.addEventListener(SESSION_CHANGED_EVENT, listener)
  window.addEventListener('storage', listener)
  return () => {
    window.removeEventListener(SESSION_CHANGED_EVENT, listener)
    window.removeEventListener('storage', listener)
  }
}

function signedInRole(): string | null {
  const role = readSession()?.user?.role
  return typeof role === 'string' ? role : null
}

/** IndexedDB unavailable (a private window, storage turned off): the header goes without the count. */
class Quiet extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false }
  static getDerivedStateFromError() {
    return { failed: true }
  }
  override render() {
    return this.state.failed ? null : this.props.children
  }
}

export function OutboxHeaderStatus() {
  return (
    <Quiet>
      <Status />
    </Quiet>
  )
}

function Status() {
  const pending = usePendingCount()
  const { paused, noRoom } = useOutboxEngineState()
  const role = useSyncExternalStore(subscribeSession, signedInRole, () => null)
  const t = useT()
  const count = pending ?? 0
  if (pending === undefined || (count === 0 && role === null)) return null
  return (
    <>
      {paused === 'auth' && count > 0 ? (
        <Link asChild fontSize="sm" fontWeight="semibold" color="red.700" colorPalette="red" variant="underline">
          <RouterLink to="/login?next=/outbox">{t('outbox.signInToSend')}</RouterLink>
        </Link>
      ) : noRoom && count > 0 ? (
        <Link asChild fontSize="sm" fontWeight="semibold" color="red.700" colorPalette="red" variant="underline">
          <RouterLink to="/outbox">{t('outbox.phoneFull')}</RouterLink>
        </Link>
      ) : null}
      <Link
        asChild
        fontSize="sm"
        fontWeight="semibold"
        px="2.5"
        py="1.5"
        borderRadius="full"
        borderWidth="1px"
        borderColor={count > 0 ? 'orange.600' : 'gray.300'}
        bg={count > 0 ? 'orange.50' : 'white'}
        color={count > 0 ? 'orange.900' : 'gray.800'}
        colorPalette="brand"
        _hover={{ textDecoration: 'none', bg: count > 0 ? 'orange.100' : 'gray.50' }}
        data-testid="outbox-count"
      >
        <RouterLink to="/outbox">{t('outbox.headerLink', { count })}</RouterLink>
      </Link>
    </>
  )
}
