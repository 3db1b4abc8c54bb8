// Date and time in Fiji as the spec writes it (spec 000 §9, 001 §9): 'MMM dd, yyyy at h:mm a' in
// Pacific/Fiji with the suffix FJT, e.g. 'Mar 05, 2026 at 9:07 AM FJT'.
// Built on first use: a page's first Intl.DateTimeFormat loads ICU's date data (a long task on a
// slow phone), which a module's evaluation should not pay for a screen that shows no date.
let fijiParts: Intl.DateTimeFormat | undefined
const fijiFormat = () =>
  (fijiParts ??= new Intl.DateTimeFormat('en-US', {
    timeZone: 'Pacific/Fiji',
    month: 'short',
    day: '2-digit',
    year: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    hour12: true,
  }))

/** A valid Date as 'MMM dd, yyyy at h:mm AM FJT' in Fiji. */
export function formatFijiTime(date: Date): string {
  const parts = fijiFormat().formatToParts(date)
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? ''
  return `${part('month')} ${part('day')}, ${part('year')} at ${part('hour')}:${part('minute')} ${part('dayPeriod').toUpperCase()} FJT`
}
