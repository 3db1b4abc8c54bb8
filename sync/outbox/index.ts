// The browser half of the offline protocol, as web/ uses it. (validate.ts is left out on
// purpose: it pulls zod and every schema; import it from the form chunks directly. The photo
// encoder is here, the worker loads lazily.)
export * from './db'
export { enqueue, listOutbox, pendingCount, nextToSend, markStatus, photosOf, deleteItem, getItem, type EnqueueInput, type StatusChange } from './outbox'
export {
  createOutboxEngine, backoffDelay, bodyWithPhotos, DEFAULT_BACKOFF, DEFAULT_TIMEOUT_MS, DEFAULT_POISON_AFTER,
  type OutboxEngine, type OutboxEngineOptions, type OutboxEngineState, type OutboxProgress, type ResendOptions, type BackoffOptions,
} from './engine'
export { createMemoryLocks, OUTBOX_LOCK_NAME, type OutboxLocks } from './locks'
export { connectBrowserTriggers, type BrowserTriggerTargets } from './triggers'
export { registerBackgroundSync, onOutboxSyncMessage, isOutboxSyncMessage, OUTBOX_SYNC_TAG, OUTBOX_SYNC_MESSAGE_TYPE } from './background-sync'
export { refreshReference, readReference, REFERENCE_ENDPOINTS, type RefreshResult } from './reference'
export { askPersistentStorageNow, requestPersistentStorage, storageEstimate, type StorageEstimate } from './storage'
export { preparePhoto, targetSize, PhotoPrepareError, DEFAULT_MAX_EDGE, DEFAULT_QUALITY, type PreparePhotoOptions, type PhotoOutputType } from './photos'
export { isConnectionLost } from './connection'
export type { FetchLike, SetTimer } from './http'
