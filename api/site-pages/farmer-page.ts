// The HTML of a farmer's own page, /farmers/<id> (issue 21): the built index.html with the farmer's
// title, description and share-preview meta (Open Graph, Twitter card) in its head, and the card's
// text and contact links in #root, so a crawler or a chat app that runs no script sees the farmer.
// Mostly the page is the app's own render of it (html-pages.ts, `farmerPage`), which the browser
// hydrates; this file puts the farmer's head tags into it. When no render is at hand in time, the
// card here is the page's body, and the app starts with the farmer the page carries. Pure string
// work: no React, no web/.
import type { PublicFarmer } from '../contract'
import { mailtoHref, photoThumbnailPath, telHref, whatsappHref } from '../contract/display'
import { firstFarmerScript } from '../contract/first-farmer'
import { SITE_ORIGIN_MARK } from '../contract/public-pages'

const PRODUCT = 'Viti Farmers'

const escapes: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' }
/** Text and attribute values alike: every character that could end one is escaped. */
export const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => escapes[c]!)

const joinPlace = (...parts: (string | null)[]) => parts.filter((p): p is string => !!p && p.trim() !== '').join(', ')

/** "<name> — Viti Farmers": the tab title and the preview card's title. */
export const farmerPageTitle = (farmer: Pick<PublicFarmer, 'name'>) => `${farmer.name} — ${PRODUCT}`

/** One line for search results and the preview card: what the farmer sells and where. */
export function farmerPageDescription(farmer: Pick<PublicFarmer, 'name' | 'produce' | 'town' | 'tikina' | 'cities'>): string {
  const place = joinPlace(farmer.town, farmer.tikina) || farmer.cities.join(', ')
  const sells = farmer.produce.length > 0 ? ` sells ${farmer.produce.join(', ')}` : ' is a farmer'
  return `${farmer.name}${sells}${place ? ` in ${place}` : ''}. Contact them directly on ${PRODUCT}, Fiji's free farmer directory.`
}

/** The head tags of a farmer page; every URL absolute (chat apps fetch them from elsewhere). */
export function farmerHead(farmer: PublicFarmer, pageUrl: string, origin: string): string {
  const title = escapeHtml(farmerPageTitle(farmer))
  const description = escapeHtml(farmerPageDescription(farmer))
  const photo = farmer.photoUrls[0]
  const image = escapeHtml(origin + (photo ? photoThumbnailPath(photo) : '/icons/icon-512.png'))
  const url = escapeHtml(pageUrl)
  return [
    `<title>${title}</title>`,
    `<meta name="description" content="${description}" />`,
    `<link rel="canonical" href="${url}" />`,
    `<meta property="og:type" content="profile" />`,
    `<meta property="og:site_name" content="${PRODUCT}" />`,
    `<meta property="og:title" content="${title}" />`,
    `<meta property="og:description" content="${description}" />`,
    `<meta property="og:image" content="${image}" />`,
    `<meta property="og:image:alt" content="${escapeHtml(`Photo of ${farmer.name}'s farm`)}" />`,
    `<meta property="og:url" content="${url}" />`,
    `<meta name="twitter:card" content="summary" />`,
    `<meta name="twitter:title" content="${title}" />`,
    `<meta name="twitter:description" content="${description}" />`,
    `<meta name="twitter:image" content="${image}" />`,
  ].join('\n    ')
}

/** A catalog message with its {placeholders} filled (the farmer page uses simple messages only). */
export type Words = (key: string, values?: Record<string, string>) => string

/** The card before the app starts, in the app card's order and words (spec 000 §2, 'Sells …' last), then the Call / WhatsApp / Email links. */
export function farmerBody(farmer: PublicFarmer, t: Words): string {
  const place = joinPlace(farmer.town, farmer.tikina)
  const phone = farmer.phone?.trim() || null
  const whatsapp = phone ? whatsappHref(phone) : null
  const email = farmer.email?.trim() || null
  const e = escapeHtml
  const { name } = farmer
  const links = [
    phone ? `<a href="${e(telHref(phone))}" aria-label="${e(t('directory.contact.callLabel', { name }))}">${e(t('directory.contact.call'))}</a>` : '',
    whatsapp ? `<a href="${e(whatsapp)}" target="_blank" rel="noopener noreferrer" aria-label="${e(t('directory.contact.whatsAppLabel', { name }))}">WhatsApp</a>` : '',
    email ? `<a href="${e(mailtoHref(email))}" aria-label="${e(t('directory.contact.emailLabel', { name }))}">${e(t('directory.contact.email'))}</a>` : '',
  ].filter(Boolean)
  const detail = (label: string, value: string) => `<p><b>${e(label)}:</b> ${e(value)}</p>`
  return [
    '<main style="max-width:40rem;margin:0 auto;padding:1rem;font-family:system-ui,sans-serif">',
    `<p><a href="/">${PRODUCT}</a></p>`,
    `<article aria-label="${e(name)}">`,
    `<h1>${e(name)}</h1>`,
    detail(t('directory.card.phone'), phone ?? t('directory.card.phoneNotProvided')),
    email ? detail(t('directory.card.email'), email) : '',
    place ? detail(t('directory.card.townAndTikina'), place) : '',
    farmer.cities.length > 0 ? detail(t('directory.card.serviceAreas'), farmer.cities.join(', ')) : '',
    farmer.produce.length > 0 ? `<p>${e(t('directory.card.sells', { produce: farmer.produce.join(', ') }))}</p>` : '',
    links.length > 0 ? `<p style="display:flex;gap:1rem;flex-wrap:wrap">${links.join('')}</p>` : '',
    '</article>',
    '</main>',
  ]
    .filter(Boolean)
    .join('')
}

/**
 * `html` (the app's render of the page, or index.html) with the farmer's head tags in place of its
 * own title and description, and the site's origin in the share link. Throws when it has no </head>.
 */
export function withFarmerHead(html: string, farmer: PublicFarmer, pageUrl: string, origin: string): string {
  const withoutOwnHead = html
    .replace(/<title>[^<]*<\/title>\s*/, '')
    .replace(/<meta\s+name="description"[^>]*>\s*/, '')
    // The mark stands only in the share link's URL-encoded text; encoded, the origin fits there.
    .replaceAll(SITE_ORIGIN_MARK, () => encodeURIComponent(origin))
  if (!withoutOwnHead.includes('</head>')) throw new Error('The page has no </head>')
  // A replacer function, not a string: a '$&' or "$'" in a farmer's name must stay text.
  return withoutOwnHead.replace('</head>', () => `  ${farmerHead(farmer, pageUrl, origin)}\n  </head>`)
}

/**
 * index.html with the farmer's head tags, the card in #root and the farmer as data (the app's first
 * render shows it). Throws when the page has no such places (a build that changed index.html's shape).
 */
export function farmerPageHtml(indexHtml: string, farmer: PublicFarmer, t: Words, pageUrl: string, origin: string): string {
  if (!indexHtml.includes('<div id="root"></div>')) throw new Error('index.html has no empty #root')
  const root = `<div id="root">${farmerBody(farmer, t)}</div>${firstFarmerScript(farmer)}`
  return withFarmerHead(indexHtml, farmer, pageUrl, origin).replace('<div id="root"></div>', () => root)
}
