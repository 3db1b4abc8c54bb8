// What the server's own pages need from the directory: one listed farmer (the farmer page) and
// every listed farmer's id (the sitemap), by the same listing rule and card shape the API answers
// with, and the English catalog's words for the card (the app's own words, before it starts).
import type { Kysely } from 'kysely'
import type { Database } from '../../db/schema'
import type { PublicFarmer } from '../contract'
import { fijiDayBounds } from '../directory/public-listing'
import { directoryService } from '../directory/service'
import { HttpError } from '../errors'
import { readCatalog } from '../i18n/catalog-files'
import type { Words } from './farmer-page'
import type { RenderPage, TownsSource } from './html-pages'

export interface SitePages {
  /** The farmer's card, or undefined when unknown or not listed today (the page answers 404). */
  farmer(id: string): Promise<PublicFarmer | undefined>
  listedFarmerIds(): Promise<string[]>
  words: Words
  /** The home page's towns: the directory's locations, by the same listing rule and for the same data version and Fiji day as the API's answer. */
  towns: TownsSource
  /** Renders a page with data (the home page with its towns); default, the build's SSR bundle. */
  renderPage?: RenderPage
  /** SITE_URL: the public origin for absolute links; unset, each request's own origin. */
  siteUrl?: string
}

/** English words of the catalogs; `{name}` placeholders filled, a missing key fails loudly (a test catches it). */
export function englishWords(catalogDir?: string): Words {
  const catalog = readCatalog('en', catalogDir)
  return (key, values = {}) => {
    const message = catalog[key]?.message
    if (typeof message !== 'string') throw new Error(`No English message "${key}"`)
    return message.replace(/\{(\w+)\}/g, (whole, name: string) => values[name] ?? whole)
  }
}

export function sitePages(db: Kysely<Database>, options: { mailDomain: string; siteUrl?: string; catalogDir?: string; staleForMs?: number }): SitePages {
  const directory = directoryService(db, options.mailDomain)
  return {
    async farmer(id) {
      try {
        return await directory.farmer(id)
      } catch (error) {
        if (error instanceof HttpError && error.status === 404) return undefined
        throw error
      }
    },
    listedFarmerIds: () => directory.listedFarmerIds(),
    towns: {
      version: async () => String(await directory.version()),
      day: () => fijiDayBounds(new Date()).date,
      locations: () => directory.farmerLocations(),
      staleForMs: options.staleForMs,
    },
    words: englishWords(options.catalogDir),
    siteUrl: options.siteUrl,
  }
}
