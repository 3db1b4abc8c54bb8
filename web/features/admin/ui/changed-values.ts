// An edit dialog sends only what its user changed (spec 001 §7: "PATCH … changed fields"): a form
// that sent every field as it was when opened put back a colleague's change made meanwhile (an
// audit saw Premium switched off again, in the trail under the name of someone who never touched it).

/** The fields of `after` whose value differs from `before` (lists compared as a whole). */
export function changedValues<T extends object>(before: T, after: T): Partial<T> {
  const was = before as Record<string, unknown>
  return Object.fromEntries(Object.entries(after).filter(([key, value]) => JSON.stringify(value) !== JSON.stringify(was[key]))) as Partial<T>
}
