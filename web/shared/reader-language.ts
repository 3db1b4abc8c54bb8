// Tells the service worker the reader's language (decision 029, Later): for iTaukei or Fiji Hindi
// it keeps this version's public pages in that language and answers with them, so the installed app
// paints the reader's own words from HTML, offline too, instead of English held back by the language
// gate until the app has drawn the page. Told once per language and worker: at start, on a switch,
// and when a new version takes over (its pages are its own); and again when the phone comes back
// online, so a language picked offline (the worker could fetch none of its pages) gets its pages then.
import { READER_LANGUAGE_MESSAGE_TYPE } from '../../api/contract/public-pages'
import { currentLocale, onLocaleChange } from '../i18n/runtime'

export function tellWorkerReaderLanguage(): void {
  const workers = typeof navigator === 'undefined' ? undefined : navigator.serviceWorker
  if (!workers) return
  let told: { worker: ServiceWorker; language: string } | undefined
  const tell = () => {
    const worker = workers.controller
    const language = currentLocale()
    if (!worker || (told?.worker === worker && told.language === language)) return
    told = { worker, language }
    worker.postMessage({ type: READER_LANGUAGE_MESSAGE_TYPE, language })
  }
  tell()
  onLocaleChange(tell)
  workers.addEventListener('controllerchange', tell)
  if (typeof window !== 'undefined') {
    window.addEventListener('online', () => {
      told = undefined
      tell()
    })
  }
}
