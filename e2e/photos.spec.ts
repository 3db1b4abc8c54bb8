// Photos on 3G (issue 17): a town's farmer list downloads each card's small WebP thumbnail, never the
// full photo; a buyer who taps a card's photo gets the full photo in a dialog. The bytes a town's
// list costs are printed for the release notes.
import { expect, test, type Page, type Request } from '@playwright/test'
import { adminToken, fijiDay } from './fixtures'
import { farmPhotoJpeg } from './images'

test.describe.configure({ mode: 'serial' })

// Vatukoula has one demo farmer, without a photo; the 24 added here sort before him (name order),
// so the town's first page of cards (24) is all farmers with a photo.
const TOWN = 'Vatukoula'
const FARMERS = 24
const farmerName = (n: number) => `Photo Farmer ${String(n).padStart(2, '0')}`

let photoBytes = 0

test.beforeAll(async ({ request }) => {
  const photo = await farmPhotoJpeg()
  photoBytes = photo.length
  const headers = { Authorization: `Bearer ${await adminToken(request)}` }
  for (let n = 1; n <= FARMERS; n++) {
    // One upload per farmer: each card has its own photo URL, as in real life.
    const issued = await request.post('/api/objects/upload', { headers, data: { contentType: 'image/jpeg', size: photo.length } })
    expect(issued.status(), await issued.text()).toBe(200)
    const { uploadURL, objectPath } = (await issued.json()) as { uploadURL: string; objectPath: string }
    const put = await request.put(uploadURL, { headers: { 'Content-Type': 'image/jpeg' }, data: photo })
    expect(put.status(), await put.text()).toBe(200)
    const farmer = await request.post('/api/admin/farmers', {
      headers,
      data: {
        name: farmerName(n), phone: `+679 930 ${String(1000 + n)}`, email: `photo-farmer-${n}@e2e.vitifarmers.test`, cities: [TOWN], produce: ['Honey'],
        photoUrls: [objectPath], subscriptionStart: fijiDay(-1), subscriptionEnd: fijiDay(60),
      },
    })
    expect(farmer.status(), await farmer.text()).toBe(201)
  }
})

/** Photo requests the page makes, with the bytes each response body took on the wire. */
function recordPhotos(page: Page) {
  const finished: { url: string; bytes: number; contentType: string }[] = []
  const pending: Promise<void>[] = []
  page.on('requestfinished', (request: Request) => {
    if (!new URL(request.url()).pathname.startsWith('/objects/')) return
    pending.push((async () => {
      const response = await request.response()
      finished.push({ url: new URL(request.url()).pathname, bytes: (await request.sizes()).responseBodySize, contentType: (await response?.headerValue('content-type')) ?? '' })
    })())
  })
  return async () => {
    await Promise.all(pending)
    return finished
  }
}

/** Brings every card's photo on screen (they are lazy) and waits until each has loaded. */
async function loadEveryCardPhoto(page: Page) {
  const cards = page.getByTestId('farmer-card')
  await expect(cards).toHaveCount(FARMERS)
  for (const card of await cards.all()) await card.scrollIntoViewIfNeeded()
  const photos = page.getByTestId('farmer-card').getByRole('img', { name: /^Farm of / })
  await expect(photos).toHaveCount(FARMERS)
  await expect.poll(() => photos.evaluateAll((imgs) => imgs.every((img) => (img as HTMLImageElement).complete && (img as HTMLImageElement).naturalWidth > 0))).toBe(true)
}

test("a town's farmer list downloads only thumbnails; a card's photo opens the full photo in a dialog", async ({ page }) => {
  const photosLoaded = recordPhotos(page)
  await page.goto(`/browse-farmers?city=${TOWN}&all=1`)
  await expect(page.getByRole('heading', { name: `3. All farmers in ${TOWN}` })).toBeVisible()
  await loadEveryCardPhoto(page)

  const list = await photosLoaded()
  const listBytes = list.reduce((sum, photo) => sum + photo.bytes, 0)
  console.log(`[photos] ${TOWN}, ${FARMERS} cards: ${list.length} photo requests, ${listBytes} bytes (each full photo is ${photoBytes} bytes)`)
  expect(list.map((photo) => photo.url).filter((url) => !url.endsWith('/thumb'))).toEqual([])
  expect(new Set(list.map((photo) => photo.url)).size).toBe(FARMERS)
  expect(new Set(list.map((photo) => photo.contentType))).toEqual(new Set(['image/webp']))
  expect(listBytes).toBeLessThan((FARMERS * photoBytes) / 20)

  // The full photo only when asked for: the card's photo opens it in a dialog.
  const card = page.getByRole('article', { name: farmerName(1) })
  const fullPhoto = page.waitForResponse((response) => /^\/objects\/uploads\/[0-9a-f-]{36}$/.test(new URL(response.url()).pathname))
  await card.getByRole('button', { name: `View farm photos of ${farmerName(1)}` }).click()
  const dialog = page.getByRole('dialog', { name: farmerName(1) })
  await expect(dialog).toBeVisible()
  expect((await fullPhoto).headers()['content-type']).toBe('image/jpeg')
  const shown = dialog.getByRole('img', { name: `Farm photo 1 of ${farmerName(1)}` })
  await expect.poll(() => shown.evaluate((img: HTMLImageElement) => img.complete ? img.naturalWidth : 0)).toBe(1600)

  await dialog.getByRole('button', { name: 'Close' }).click()
  await expect(dialog).toBeHidden()
  await expect(card.getByRole('button', { name: `View farm photos of ${farmerName(1)}` })).toBeFocused()
})

test("offline, a card's photo dialog shows the thumbnail kept on the phone and says the full photo needs coverage", async ({ page, context }) => {
  await page.goto(`/browse-farmers?city=${TOWN}&all=1`)
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => {}))
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null)
  // Under the service worker now: this visit's thumbnails are kept on the phone.
  await page.reload()
  await loadEveryCardPhoto(page)

  await context.setOffline(true)
  const name = farmerName(2)
  await page.getByRole('button', { name: `View farm photos of ${name}` }).click()
  const dialog = page.getByRole('dialog', { name })
  await expect(dialog.getByText('Shown small: the full photo loads when you are back online.')).toBeVisible()
  const shown = dialog.getByRole('img', { name: `Farm photo 1 of ${name}` })
  await expect(shown).toHaveAttribute('src', /\/thumb$/)
  await expect.poll(() => shown.evaluate((img: HTMLImageElement) => (img.complete ? img.naturalWidth : 0))).toBe(160)
  await context.setOffline(false)
})
