// The browser's Temporal, where it has one (Chromium 144+): it answers time-zone questions in
// about 1 ms, where a page's first Intl.DateTimeFormat loads ICU's date data (25 ms on a fast
// machine, a long task on a slow phone). Callers fall back to Intl without it.

/** The part of Temporal the app uses. */
export type TemporalApi = {
  Now: { timeZoneId(): string }
  Instant: { fromEpochMilliseconds(ms: number): { toZonedDateTimeISO(zone: string): { year: number; month: number; day: number; hour: number; minute: number } } }
}

export function temporal(): TemporalApi | undefined {
  return (globalThis as { Temporal?: TemporalApi }).Temporal
}
