// React bindings over the outbox (lazy chunks only: they load Dexie and the engine). The lists
// come from Dexie liveQuery, so every tab sees the engine's writes; the engine's own state (is it
// sending, paused for a sign-in, photo progress) comes from engine.subscribe.
import { useLiveQuery } from 'dexie-react-hooks'
import { useEffect, useSyncExternalStore } from 'react'
import { listOutbox, pendingCount, restoreOutboxItem, type OutboxEngineState, type OutboxItem } from '../../../sync/outbox'
import { getOutbox, startOutbox } from './runtime'

export { useIsOnline } from './index'

/** The running outbox (started once per page, whoever asks first). */
function useOutbox() {
  const outbox = getOutbox()
  useEffect(() => {
    startOutbox()
  }, [])
  return outbox
}

/** Every item, oldest first; undefined while the first read runs. */
export function useOutboxItems(): OutboxItem[] | undefined {
  const { db } = useOutbox()
  return useLiveQuery(() => listOutbox(db), [db])
}

/** One item as it changes (any tab's writes): undefined while the first read runs, null once gone. */
export function useOutboxItem(id: string): OutboxItem | null | undefined {
  const { db } = useOutbox()
  return useLiveQuery(async () => {
    const raw = await db.outbox.get(id)
    return raw ? restoreOutboxItem(raw) : null
  }, [db, id])
}

/** Items the server does not have yet (waiting, sending, needs attention). */
export function usePendingCount(): number | undefined {
  const { db } = useOutbox()
  return useLiveQuery(() => pendingCount(db), [db])
}

export function useOutboxEngineState(): OutboxEngineState {
  const { engine } = useOutbox()
  return useSyncExternalStore(engine.subscribe, engine.getState, engine.getState)
}
