// Pure helpers of the farmer signup form (tested in signup-helpers.test.ts).
import type { PublicProduce } from '../../../api/contract'

/** Tick or untick `item`; a tick beyond `max` is ignored (spec 000 §2: "extra ticks ignored"). */
export function toggleLimited(list: readonly string[], item: string, checked: boolean, max = Infinity): string[] {
  if (!checked) return list.filter((x) => x !== item)
  if (list.includes(item) || list.length >= max) return [...list]
  return [...list, item]
}

export interface ProduceGroup {
  category: string
  items: PublicProduce[]
}

/** Produce grouped by category, categories and items in the order the API lists them, 'Other' last. */
export function groupProduceByCategory(produce: readonly PublicProduce[], otherCategory = 'Other'): ProduceGroup[] {
  const groups = new Map<string, PublicProduce[]>()
  for (const item of produce) {
    const category = item.category.trim() || otherCategory
    const group = groups.get(category)
    if (group) group.push(item)
    else groups.set(category, [item])
  }
  return [...groups.entries()]
    .map(([category, items]) => ({ category, items }))
    .sort((a, b) => Number(a.category === otherCategory) - Number(b.category === otherCategory))
}

const DAY_MS = 86_400_000

/** The date input's earliest end: the day after the start (the contract refuses an end on or before it). */
export function dayAfter(date: string | undefined): string | undefined {
  const time = date ? Date.parse(date) : Number.NaN
  return Number.isNaN(time) ? undefined : new Date(time + DAY_MS).toISOString().slice(0, 10)
}

/**
 * Days between a subscription's start and end dates ('YYYY-MM-DD'), rounded up (spec 001 §9:
 * "total days is the days between subscription start and end, rounded up"). Null when either
 * date is missing or invalid, or the end is not after the start.
 */
export function subscriptionDays(start: string | undefined, end: string | undefined): number | null {
  if (!start || !end) return null
  const from = Date.parse(start)
  const to = Date.parse(end)
  if (Number.isNaN(from) || Number.isNaN(to) || to <= from) return null
  return Math.ceil((to - from) / DAY_MS)
}

/** 'FJ$2.50' (spec 001 §9: currency FJ$ with 2 decimals). */
export function formatFjd(amount: number): string {
  return `FJ$${amount.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`
}
