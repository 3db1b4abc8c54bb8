/// <reference lib="webworker" />
// The service worker (vite-plugin-pwa, strategy injectManifest). What it does, and only that:
// - precaches the app shell, so the installed app opens with no network (promise 7), and keeps
//   the staff chunks (sign-in, back office) when first used;
// - answers a navigation to a public page with that page's own HTML (decision 029: precached under
//   its path, e.g. `/about`, by the build's manifest transform, so the installed app paints offline
//   from HTML, then hydrates); any other navigation with the shell, index.html, except /api/ and
//   /objects/ — a page's HTML and the chunks it names come from one precache, one version;
// - for an iTaukei or Fiji Hindi reader (the page tells it), keeps this version's pages in their
//   language and answers with those (decision 029, Later), so they too paint from HTML offline;
// - caches the public directory's GET answers stale-while-revalidate, and photos and their
//   thumbnails cache-first, each in its own cache
//   (promise 8; the rules are sync/outbox/cache-rules.ts);
// - relays Background Sync to the open pages, whose outbox engine sends (promise 4).
// It never caches or replays a non-GET request (no workbox-background-sync): the outbox is the
// only sender. Prompt mode (promise 9): a new version waits until the page asks it to take over.
import { clientsClaim } from 'workbox-core'
import { cleanupOutdatedCaches, createHandlerBoundToURL, getCacheKeyForURL, matchPrecache, precacheAndRoute, type PrecacheEntry } from 'workbox-precaching'
import { NavigationRoute, registerRoute } from 'workbox-routing'
import { CacheFirst, NetworkFirst, StaleWhileRevalidate } from 'workbox-strategies'
import { ExpirationPlugin } from 'workbox-expiration'
import { CacheableResponsePlugin } from 'workbox-cacheable-response'
import { OUTBOX_SYNC_MESSAGE_TYPE, OUTBOX_SYNC_TAG, type OutboxSyncMessage } from '../sync/outbox/background-sync'
import { HTML_LANGUAGE_PARAM, READER_LANGUAGE_MESSAGE_TYPE, htmlPageLanguages, htmlPagePaths, isHtmlPageLanguage, type HtmlPageLanguage } from '../api/contract/public-pages'
import {
  DIRECTORY_CACHE, DIRECTORY_EXPIRATION, NAVIGATE_FALLBACK_DENYLIST, PHOTO_CACHE, PHOTO_EXPIRATION, PHOTO_THUMBNAIL_CACHE, PHOTO_THUMBNAIL_EXPIRATION,
  isBackOfficeChunk, isDirectoryRequest, isPhotoRequest, isPhotoThumbnailRequest, isStaffChunk, wantsFreshAnswer,
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

const fullManifest = self.__WB_MANIFEST
const urlOf = (entry: PrecacheEntry | string) => (typeof entry === 'string' ? entry : entry.url)
/** What every phone keeps: all but the staff chunks. */
const manifest = fullManifest.filter((entry) => !isStaffChunk(urlOf(entry)))
/** This version's staff chunks, as absolute URLs. */
const staffChunks = fullManifest.filter((entry) => isStaffChunk(urlOf(entry))).map((entry) => new URL(urlOf(entry), self.location.origin + '/').href)

// ---- the reader's language (decision 029, Later) ----------------------------------------------
// The precache holds the public pages in English. A reader of another language would see that
// English held back (the language gate) until the app draws their words; so the page tells the
// worker the reader's language, and the worker keeps this version's pages in it, fetched once
// (`/about?hl=fj`), in a cache of this version's own: a page always names chunks of the precache.

/** This version: index.html's revision moves with every chunk the pages name. */
const VERSION = manifest.find((entry): entry is PrecacheEntry => typeof entry !== 'string' && entry.url === 'index.html')?.revision ?? 'unversioned'
const PAGES_IN_LANGUAGE_PREFIX = 'pages-in-'
const pagesCacheOf = (language: HtmlPageLanguage) => `${PAGES_IN_LANGUAGE_PREFIX}${language}-${VERSION}`
const READER_CACHE = 'reader'
const READER_LANGUAGE_KEY = '/__reader-language'
/** The reader's language as last told, read once per start of the worker. */
let readerLanguage: Promise<string> | undefined

const languageOfReader = () =>
  (readerLanguage ??= caches.match(READER_LANGUAGE_KEY, { cacheName: READER_CACHE }).then((kept) => (kept ? kept.text() : 'en'), () => 'en'))

/** Fetches this version's pages in `language` that the cache lacks; a page naming other chunks (the server runs a newer version) is not kept. */
async function keepPagesIn(language: HtmlPageLanguage): Promise<void> {
  const cache = await caches.open(pagesCacheOf(language))
  await Promise.all(
    htmlPagePaths.map(async (pagePath) => {
      if (await cache.match(pagePath)) return
      const response = await fetch(`${pagePath}?${HTML_LANGUAGE_PARAM}=${language}`, { cache: 'no-cache' }).catch(() => undefined)
      if (!response?.ok) return
      const entry = /data-entry="([^"]+)"/.exec(await response.clone().text())?.[1]
      // A full phone keeps what it can; the page is then served in English, as before.
      if (entry && getCacheKeyForURL(entry)) await cache.put(pagePath, response).catch(() => undefined)
    }),
  )
}

/** Told at every start of the app: written only when it changed; the pages it lacks fetched each time. */
async function rememberReaderLanguage(language: string): Promise<void> {
  const before = await languageOfReader()
  readerLanguage = Promise.resolve(language)
  if (language !== before) {
    await (await caches.open(READER_CACHE)).put(READER_LANGUAGE_KEY, new Response(language))
    // Another language's pages are no use now: the phone's room is not spent on them.
    for (const other of htmlPageLanguages) if (other !== language) await caches.delete(pagesCacheOf(other))
  }
  if (isHtmlPageLanguage(language)) await keepPagesIn(language)
}

self.addEventListener('message', (event) => {
  const data = event.data as { type?: unknown; language?: unknown } | null
  if (data?.type === READER_LANGUAGE_MESSAGE_TYPE && typeof data.language === 'string') event.waitUntil(rememberReaderLanguage(data.language))
})

// An older version's pages name chunks this one no longer has.
self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches.keys().then((names) => Promise.all(names.filter((name) => name.startsWith(PAGES_IN_LANGUAGE_PREFIX) && !name.endsWith(`-${VERSION}`)).map((name) => caches.delete(name)))),
  )
})

// A public page, asked for with no query string: in the reader's language when kept, else the precached English.
registerRoute(
  ({ request, url }) => request.mode === 'navigate' && url.origin === self.location.origin && url.search === '' && (htmlPagePaths as readonly string[]).includes(url.pathname),
  async ({ request, url }) => {
    const language = await languageOfReader()
    if (isHtmlPageLanguage(language)) {
      const kept = await caches.match(url.pathname, { cacheName: pagesCacheOf(language) })
      if (kept) return kept
    }
    return (await matchPrecache(url.pathname)) ?? fetch(request)
  },
)

// Precache entries are answered first: a public page's path is one of them (the URL itself, with
// utm_* and fbclid ignored); a path with any other query string falls through to the shell below.
precacheAndRoute(manifest)
cleanupOutdatedCaches()

// robots.txt and sitemap.xml are files, never the app.
registerRoute(new NavigationRoute(createHandlerBoundToURL('index.html'), { denylist: [...NAVIGATE_FALLBACK_DENYLIST, /^\/(robots\.txt|sitemap\.xml)$/] }))

// The staff chunks (sign-in, back office) are not precached for every phone: each is kept here the
// first time it loads. Their names are content hashes, so a kept copy is never stale.
registerRoute(
  ({ request, url }) => request.method === 'GET' && url.origin === self.location.origin && url.pathname.startsWith('/assets/'),
  new CacheFirst({
    cacheName: APP_CHUNK_CACHE,
    plugins: [new CacheableResponsePlugin({ statuses: [200] }), new ExpirationPlugin({ maxEntries: 60, purgeOnQuotaError: true })],
  }),
  'GET',
)

// ---- the staff chunks across an update ---------------------------------------------------------
// A phone that used the back office (an older version's back-office chunk is kept) gets this
// version's staff chunks as this version installs, which is online: else a new version's first
// start offline (a data agent in the field after an update) could not open sign-in or the back
// office, whose chunks it had never loaded. Once active, the older versions' staff chunks go.

async function keepStaffChunksOnStaffPhone(): Promise<void> {
  const cache = await caches.open(APP_CHUNK_CACHE)
  const kept = (await cache.keys()).map((request) => request.url)
  if (!kept.some(isBackOfficeChunk)) return
  await Promise.all(
    staffChunks.map(async (url) => {
      if (kept.includes(url)) return
      const response = await fetch(url).catch(() => undefined)
      // A full phone keeps what it can; what it lacks is fetched when first used, as before.
      if (response?.ok) await cache.put(url, response).catch(() => undefined)
    }),
  )
}

async function dropOtherVersionsStaffChunks(): Promise<void> {
  const cache = await caches.open(APP_CHUNK_CACHE)
  for (const request of await cache.keys()) if (isStaffChunk(request.url) && !staffChunks.includes(request.url)) await cache.delete(request)
}

self.addEventListener('install', (event) => event.waitUntil(keepStaffChunksOnStaffPhone()))
self.addEventListener('activate', (event) => event.waitUntil(dropOtherVersionsStaffChunks()))

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
