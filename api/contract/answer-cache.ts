// Without zod: web/shared/api.ts (in the browser's entry chunk) imports it.
/**
 * The longest a server may be set to answer a public answer from before a write while it rebuilds
 * (ANSWER_STALE_MS, decision 022). The web app asks past caches this long after its own write.
 */
export const MAX_ANSWER_STALE_MS = 60_000
