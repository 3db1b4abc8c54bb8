// Subscription constants without a schema: server code that must not evaluate the contract's zod
// schemas (the export thread's bundle, api/exports/worker-bundle.ts) imports them from here.

/** Days after the end date from which an expired farmer needs follow-up. */
export const FOLLOW_UP_AFTER_DAYS = 30
