// What the server's own pages need from the directory: one listed farmer (the farmer page) and
// every listed farmer's id (the sitemap), by the same listing rule and card shape the API answers
// with, the English catalog's words for the card (the app's own words, before it starts), and the
// data of the public pages rendered with it: the towns, the experts, the reviews' first page, read
// by the same services and rules as the API's answers.
import { createHash } from 'node:crypto'
import type { Kysely } from 'kysely'
import type { Database } from '../../db/schema'
import type { HtmlPagePath, PublicFarmer } from '../contract'
import {
  BROWSE_FARMERS_PER_PAGE, FARMER_LOCATIONS_URL, FARMS_PER_PAGE, FARMS_WITH_RATINGS_URL, PUBLIC_EXPERTS_URL, PUBLIC_REVIEWS_PER_PAGE, PUBLIC_REVIEWS_URL, browseStepOf, cityFarmersUrl,
  cityProduceFarmersUrl, pageUrl, produceInCityUrl,
} from '../contract/public-pages'
import { expertsService } from '../experts/service'
import { farmReviewsService } from '../farm-reviews/service'
import { reviewsService } from '../reviews/service'
import { fijiDayBounds } from '../directory/public-listing'
import { directoryService } from '../directory/service'
import { HttpError } from '../errors'
import { readCatalog } from '../i18n/catalog-files'
import type { Words } from './farmer-page'
import type { PageDataSource, PageSources, RenderPage } from './html-pages'

export interface SitePages {
  /** The farmer's card, or undefined when unknown or not listed today (the page answers 404). */
  farmer(id: string): Promise<PublicFarmer | undefined>
  listedFarmerIds(): Promise<string[]>
  words: Words
  /** The pages rendered with data: the home page's and browse's towns (the directory's locations, by
   * the same listing rule, for the same data version and Fiji day as the API's answer), the experts,
   * the reviews' first page. */
  sources: PageSources
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

/** Answers read once per key of the data (the directory's version and Fiji day): a new key forgets the old ones. */
function answersPerKey() {
  let current = ''
  let answers = new Map<string, Promise<unknown>>()
  return <T>(key: string, url: string, read: () => Promise<T>): Promise<T> => {
    if (key !== current) {
      current = key
      answers = new Map()
    }
    let answer = answers.get(url) as Promise<T> | undefined
    if (!answer) {
      const reading = read()
      answer = reading
      answers.set(url, reading)
      // A failed read is not kept: the next request reads again.
      reading.catch(() => answers.get(url) === reading && answers.delete(url))
    }
    return answer
  }
}

export function sitePages(db: Kysely<Database>, options: { mailDomain: string; siteUrl?: string; catalogDir?: string; staleForMs?: number }): SitePages {
  const directory = directoryService(db, options.mailDomain)
  const experts = expertsService(db)
  const reviews = reviewsService(db)
  const farmReviews = farmReviewsService(db)
  const perKey = answersPerKey()
  const towns: PageDataSource = {
    now: async () => {
      const [version, day] = [String(await directory.version()), fijiDayBounds(new Date()).date]
      return { key: `${version} ${day}`, scope: day, data: async () => ({ locations: await directory.farmerLocations() }) }
    },
  }
  /** Browse with its steps: a town's produce, all its farmers or one produce's, the first page as the app asks for it. */
  const browse: PageDataSource = {
    ...towns,
    withQuery: async (query) => {
      const step = browseStepOf(query)
      if (!step) return undefined
      const at = new Date()
      const day = fijiDayBounds(at).date
      const key = `${await directory.version()} ${day}`
      // Only a town with listed farmers, and a produce it sells: every other query is the app's to
      // answer, and a crawler cannot make the server render pages of nothing. Read once per key.
      const locations = await perKey(key, FARMER_LOCATIONS_URL, () => directory.farmerLocations(at))
      if (!locations.some((location) => location.city === step.city && location.farmerCount > 0)) return undefined
      const produce = await perKey(key, produceInCityUrl(step.city), () => directory.produceInCity(step.city, at))
      if (step.produce !== undefined && !produce.some((item) => item.name === step.produce && item.farmerCount > 0)) return undefined
      const firstPage = { page: 1, limit: BROWSE_FARMERS_PER_PAGE }
      const stepAnswer = async () =>
        step.produce !== undefined
          ? { [pageUrl(cityProduceFarmersUrl(step.city, step.produce), 1, BROWSE_FARMERS_PER_PAGE)]: await directory.farmersByCityAndProduce(step.city, step.produce, firstPage, at) }
          : step.all
            ? { [pageUrl(cityFarmersUrl(step.city), 1, BROWSE_FARMERS_PER_PAGE)]: await directory.cityFarmers(step.city, firstPage, at) }
            : { [produceInCityUrl(step.city)]: produce }
      return { key, scope: day, data: async () => ({ answers: { [FARMER_LOCATIONS_URL]: locations, ...(await stepAnswer()) } }) }
    },
  }
  const firstReviewsUrl = pageUrl(PUBLIC_REVIEWS_URL, 1, PUBLIC_REVIEWS_PER_PAGE)
  const firstFarmsUrl = pageUrl(FARMS_WITH_RATINGS_URL, 1, FARMS_PER_PAGE)
  const pages: Partial<Record<HtmlPagePath, PageDataSource>> = {
    '/': towns,
    '/browse-farmers': browse,
    '/browse': browse,
    '/experts': {
      // No version of their own: the list itself is the key (a few hundred rows at most, read as the API reads them).
      now: async () => {
        const list = await experts.activeExperts()
        return { key: createHash('sha256').update(JSON.stringify(list)).digest('base64url'), scope: '', data: async () => ({ answers: { [PUBLIC_EXPERTS_URL]: list } }) }
      },
      navigationsOnly: true,
    },
    '/reviews': {
      now: async () => ({
        key: String(await reviews.version()),
        scope: '',
        data: async () => ({ answers: { [firstReviewsUrl]: await reviews.approvedPage({ page: 1, limit: PUBLIC_REVIEWS_PER_PAGE }) } }),
      }),
      navigationsOnly: true,
    },
    '/reviews/farms': {
      // The listed farms and their ratings (the farm reviews' version moves with the directory's and
      // the reviews'), for the Fiji day a listing ends with; the towns of its filter with them.
      now: async () => {
        const at = new Date()
        const day = fijiDayBounds(at).date
        return {
          key: `${await farmReviews.version()} ${day}`,
          scope: day,
          data: async () => ({
            answers: {
              [FARMER_LOCATIONS_URL]: await directory.farmerLocations(),
              [firstFarmsUrl]: await farmReviews.farmsWithRatings({ page: 1, limit: FARMS_PER_PAGE }, at),
            },
          }),
        }
      },
      navigationsOnly: true,
    },
  }
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
    sources: { pages, staleForMs: options.staleForMs },
    words: englishWords(options.catalogDir),
    siteUrl: options.siteUrl,
  }
}
