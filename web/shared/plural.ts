// Counts with their noun, singular where it is one ("1 day", "2 days", "1 visitor"): every count the
// app renders with a noun goes through here, so no screen says "1 days". English only, as the spec.

/** The noun for a count: `singular` for exactly 1, else `plural` (default: singular + 's'). */
export function nounFor(count: number, singular: string, plural = `${singular}s`): string {
  return count === 1 ? singular : plural
}

/** "1 day", "12 days", "1,234 visitors" (with `format`). */
export function countLabel(count: number, singular: string, { plural, format = String }: { plural?: string; format?: (n: number) => string } = {}): string {
  return `${format(count)} ${nounFor(count, singular, plural)}`
}
