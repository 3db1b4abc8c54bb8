// What the service worker (web/sw.ts) caches at run time (offline-sync promise 8). Pure and
// dependency-free: the worker imports it, and cache-rules.test.ts checks it in node.
//
// - The public directory's GET endpoints: stale-while-revalidate, so a phone that has seen the
//   directory once can browse it in the village. The whole directory (every town, produce and page,
//   opened or not) comes from the page's own offline copy (directory-copy-store.ts), not from here.
//   A language's staff corrections (/api/i18n/<locale>) are kept the same way.
// - Photos under /objects/: cache-first, with an expiry. Thumbnails (…/thumb, a few KB, on every
//   card) have their own, larger cache, so browsing many towns never pushes out the cards' photos
//   and a full photo opened once never pushes out hundreds of thumbnails.
// - Nothing else, and never a non-GET request: the outbox is the only sender (STACK.md,
//   enketo#1584). Signed-in answers (/api/admin/…, /api/auth/…, the admin analytics summary)
//   are never cached.

export const DIRECTORY_CACHE = 'vf-directory'
export const PHOTO_CACHE = 'vf-photos'
export const PHOTO_THUMBNAIL_CACHE = 'vf-photo-thumbnails'

/** Directory answers: enough for every city × produce page a phone is likely to open. */
export const DIRECTORY_EXPIRATION = { maxEntries: 300, maxAgeSeconds: 30 * 24 * 60 * 60 } as const
export const PHOTO_EXPIRATION = { maxEntries: 200, maxAgeSeconds: 30 * 24 * 60 * 60 } as const
/** About 5 KB each: 1000 cards' photos are ~5 MB on the phone. */
export const PHOTO_THUMBNAIL_EXPIRATION = { maxEntries: 1000, maxAgeSeconds: 30 * 24 * 60 * 60 } as const

const DIRECTORY_PATHS: readonly RegExp[] = [
  /^\/api\/locations$/,
  /^\/api\/produce$/,
  /^\/api\/produce\/[^?#]+$/,
  /^\/api\/farmers\/[^?#]+$/,
  /^\/api\/farms-with-ratings$/,
  /^\/api\/farm-reviews$/,
  /^\/api\/public\/reviews$/,
  /^\/api\/public\/experts$/,
  /^\/api\/public\/expert-fields$/,
  /^\/api\/analytics\/live$/,
  // Staff corrections to a language's words (issue 20): kept so a phone offline still shows them.
  /^\/api\/i18n\/[^/?#]+$/,
]

interface RequestLike {
  method: string
  url: URL
  /** The worker's own origin: only same-origin requests are cached. */
  origin: string
}

export function isDirectoryRequest({ method, url, origin }: RequestLike): boolean {
  if (method !== 'GET' || url.origin !== origin) return false
  // With ?days= the analytics summary is the admin one, which needs a session.
  if (url.pathname === '/api/analytics/live' && url.searchParams.has('days')) return false
  return DIRECTORY_PATHS.some((pattern) => pattern.test(url.pathname))
}

export function isPhotoRequest({ method, url, origin }: RequestLike): boolean {
  return method === 'GET' && url.origin === origin && url.pathname.startsWith('/objects/') && !isThumbnailPath(url.pathname)
}

export function isPhotoThumbnailRequest({ method, url, origin }: RequestLike): boolean {
  return method === 'GET' && url.origin === origin && url.pathname.startsWith('/objects/') && isThumbnailPath(url.pathname)
}

function isThumbnailPath(pathname: string): boolean {
  return pathname.endsWith('/thumb')
}

/** Navigations the app shell answers offline; the API and photos are never given index.html. */
/**
 * The staff chunks (sign-in, the back office and its English words, the password rules): in the
 * worker's manifest, but precached only on a phone that uses them (web/sw.ts), never on a buyer's.
 */
const STAFF_CHUNK = /(^|\/)assets\/(admin-pages|en-admin|login-page|password-strength-meter|common-password-list)-[\w-]+\.js$/
export const isStaffChunk = (url: string): boolean => STAFF_CHUNK.test(url)
/** A back-office chunk of any version kept on the phone: the sign that this phone is staff's. */
export const isBackOfficeChunk = (url: string): boolean => /(^|\/)assets\/admin-pages-[\w-]+\.js$/.test(url)

export const NAVIGATE_FALLBACK_DENYLIST: readonly RegExp[] = [/^\/api\//, /^\/objects\//]

/** A page asks past the cache (after its own write) with fetch's `cache: 'no-cache'` (or stricter). */
export function wantsFreshAnswer(request: { cache?: RequestCache }): boolean {
  return request.cache === 'no-cache' || request.cache === 'no-store' || request.cache === 'reload'
}
