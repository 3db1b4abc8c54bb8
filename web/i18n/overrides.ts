// Staff corrections to the shipped words (issue 20 item 5): fetched after the first paint and on
// each language change, then laid over the catalog with setOverrides(). Asked with `no-cache`, so
// the service worker goes to the network first (a 304 when nothing changed) and falls back to its
// kept copy offline (sync/outbox/cache-rules.ts): a correction reaches the phone with the next
// fetch and stays when it is offline. A failure leaves the files' words: never blank, never a key.
import { i18n } from '@lingui/core'
import { I18nOverridesSchema } from '../../api/contract/translations'
import { currentLocale, setOverrides, type Locale } from './runtime'

const requested = new Set<Locale>()

async function fetchOverrides(locale: Locale): Promise<void> {
  if (requested.has(locale)) return
  requested.add(locale)
  try {
    const res = await fetch(`/api/i18n/${locale}`, { cache: 'no-cache', headers: { accept: 'application/json' } })
    if (!res.ok) throw new Error(`HTTP ${res.status}`)
    const answer = I18nOverridesSchema.parse(await res.json())
    if (answer.locale !== locale) return
    if (Object.keys(answer.messages).length > 0) setOverrides(locale, answer.messages as Parameters<typeof setOverrides>[1])
  } catch {
    // Offline with nothing kept, or a bad answer: the next language change or start tries again.
    requested.delete(locale)
  }
}

let isStarted = false

/** Keeps the active language's corrections current for this page; English has none to fetch. */
export function keepOverridesCurrent(): void {
  if (isStarted) return
  isStarted = true
  const onLocale = () => {
    const locale = currentLocale()
    if (locale !== 'en') void fetchOverrides(locale)
  }
  // setOverrides() re-activates the language, which fires 'change' again: `requested` stops the loop.
  i18n.on('change', onLocale)
  onLocale()
}
