/// <reference lib="webworker" />
// The service worker (vite-plugin-pwa, strategy injectManifest). What it does, and only that:
// - precaches the app shell, so the installed app opens with no network (promise 7), and keeps
//   the staff chunks (sign-in, back office) when first used;
// - answers a navigation to a public page with that page's own HTML (decision 029: precached under
//   its path, e.g. `/about`, by the build's manifest transform, so the installed app paints offline
//   from HTML, then hydrates); any other navigation with the shell, index.html, except /api/ and
//   /objects/ — a page's HTML and the chunks it names come from one precache, one version;
// - caches the public directory's GET answers stale-while-revalidate, and photos and their
//   thumbnails cache-first, each in its own cache
//   (promise 8; the rules are sync/outbox/cache-rules.ts);
// - relays Background Sync to the open pages, whose outbox engine sends (promise 4).
// It never caches or replays a non-GET request (no workbox-background-sync): the outbox is the
// only sender. Prompt mode (promise 9): a new version waits until the page asks it to take over.
import { clientsClaim } from 'workbox-core'
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute, type PrecacheEntry } from 'workbox-precaching'
import { NavigationRoute, registerRoute } from 'workbox-routing'
import { CacheFirst, NetworkFirst, StaleWhileRevalidate } from 'workbox-strategies'
import { ExpirationPlugin } from 'workbox-expiration'
import { CacheableResponsePlugin } from 'workbox-cacheable-response'
import { OUTBOX_SYNC_MESSAGE_TYPE, OUTBOX_SYNC_TAG, type OutboxSyncMessage } from '../sync/outbox/background-sync'
import {
  DIRECTORY_CACHE, DIRECTORY_EXPIRATION, NAVIGATE_FALLBACK_DENYLIST, PHOTO_CACHE, PHOTO_EXPIRATION, PHOTO_THUMBNAIL_CACHE, PHOTO_THUMBNAIL_EXPIRATION,
  isDirectoryRequest, isPhotoRequest, isPhotoThumbnailRequest, wantsFreshAnswer,
} from '../sync/outbox/cache-rules'

const APP_CHUNK_CACHE = 'app-chunks'

declare let self: ServiceWorkerGlobalScope & { __WB_MANIFEST: (PrecacheEntry | string)[] }

/** Background Sync's event (Chromium); not in TypeScript's lib. */
interface SyncEvent extends ExtendableEvent {
  readonly tag: string
}

// Prompt mode: the new version waits. workbox-window posts SKIP_WAITING only when the user
// pressed Reload in the update banner (web/shared/pwa.ts), after the reload guards agreed.
self.addEventListener('message', (event) => {
  if ((event.data as { type?: unknown } | null)?.type === 'SKIP_WAITING') void self.skipWaiting()
})

// Without it the very first visit never comes under the worker's control (STACK.md).
clientsClaim()

// Precache entries are answered first: a public page's path is one of them (the URL itself, with
// utm_* and fbclid ignored); a path with any other query string falls through to the shell below.
precacheAndRoute(self.__WB_MANIFEST)
cleanupOutdatedCaches()

// robots.txt and sitemap.xml are files, never the app.
registerRoute(new NavigationRoute(createHandlerBoundToURL('index.html'), { denylist: [...NAVIGATE_FALLBACK_DENYLIST, /^\/(robots\.txt|sitemap\.xml)$/] }))

// The staff chunks (sign-in, back office) are not precached (vite.config.ts globIgnores): each is kept
// here the first time it loads. Their names are content hashes, so a kept copy is never stale.
registerRoute(
  ({ request, url }) => request.method === 'GET' && url.origin === self.location.origin && url.pathname.startsWith('/assets/'),
  new CacheFirst({
    cacheName: APP_CHUNK_CACHE,
    plugins: [new CacheableResponsePlugin({ statuses: [200] }), new ExpirationPlugin({ maxEntries: 60, purgeOnQuotaError: true })],
  }),
  'GET',
)

const directoryPlugins = () => [
  new CacheableResponsePlugin({ statuses: [200] }),
  new ExpirationPlugin({ ...DIRECTORY_EXPIRATION, purgeOnQuotaError: true }),
]
const directoryFromCache = new StaleWhileRevalidate({ cacheName: DIRECTORY_CACHE, plugins: directoryPlugins() })
// A page that just wrote (a new review) asks with `cache: 'no-cache'`: it must read its own
// write, so that request goes to the network first (and refreshes the cached copy).
const directoryFromNetwork = new NetworkFirst({ cacheName: DIRECTORY_CACHE, networkTimeoutSeconds: 15, plugins: directoryPlugins() })

registerRoute(
  ({ request, url }) => isDirectoryRequest({ method: request.method, url, origin: self.location.origin }),
  (options) => (wantsFreshAnswer(options.request) ? directoryFromNetwork : directoryFromCache).handle(options),
  'GET',
)

registerRoute(
  ({ request, url }) => isPhotoRequest({ method: request.method, url, origin: self.location.origin }),
  new CacheFirst({
    cacheName: PHOTO_CACHE,
    plugins: [
      new CacheableResponsePlugin({ statuses: [0, 200] }),
      new ExpirationPlugin({ ...PHOTO_EXPIRATION, purgeOnQuotaError: true }),
    ],
  }),
  'GET',
)

registerRoute(
  ({ request, url }) => isPhotoThumbnailRequest({ method: request.method, url, origin: self.location.origin }),
  new CacheFirst({
    cacheName: PHOTO_THUMBNAIL_CACHE,
    plugins: [
      new CacheableResponsePlugin({ statuses: [0, 200] }),
      new ExpirationPlugin({ ...PHOTO_THUMBNAIL_EXPIRATION, purgeOnQuotaError: true }),
    ],
  }),
  'GET',
)

// The phone is back in coverage: tell every open page; its engine drains the outbox. With no
// page open there is nothing to do here: the engine drains when the app next starts.
self.addEventListener('sync', (event) => {
  const syncEvent = event as SyncEvent
  if (syncEvent.tag !== OUTBOX_SYNC_TAG) return
  syncEvent.waitUntil((async () => {
    const pages = await self.clients.matchAll({ type: 'window', includeUncontrolled: true })
    const message: OutboxSyncMessage = { type: OUTBOX_SYNC_MESSAGE_TYPE }
    for (const page of pages) page.postMessage(message)
  })())
})
