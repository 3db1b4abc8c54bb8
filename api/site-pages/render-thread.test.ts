import { afterEach, describe, expect, it } from 'vitest'
import { renderThread, type RenderThread } from './render-thread'

const FIXTURE = new URL('./render-thread.fixture.mjs', import.meta.url)
const MISSING = new URL('./no-such-bundle.mjs', import.meta.url)
const towns = { locations: [{ city: 'Suva', farmerCount: 3, farmers: [] }, { city: 'Nadi', farmerCount: 1, farmers: [] }] }

let thread: RenderThread | undefined
afterEach(async () => {
  await thread?.close()
  thread = undefined
})

const until = async (check: () => boolean, ms = 5_000) => {
  const end = Date.now() + ms
  while (!check() && Date.now() < end) await new Promise((r) => setTimeout(r, 10))
  return check()
}

describe('the render thread', () => {
  it('renders with the bundle on a worker, one answer per page asked', async () => {
    thread = renderThread(FIXTURE)
    expect(thread.isRunning).toBe(false)
    const [home, browse] = await Promise.all([thread.render('<html>', '/', towns), thread.render('<html>', '/browse-farmers', towns)])
    expect(home).toBe('<html>|/|Suva,Nadi')
    expect(browse).toBe('<html>|/browse-farmers|Suva,Nadi')
    expect(thread.isRunning).toBe(true)
  })

  it('refuses a page the bundle fails on, with its message, and renders the next', async () => {
    thread = renderThread(FIXTURE)
    await expect(thread.render('<html>', '/boom', towns)).rejects.toThrow('The page could not be rendered: no such page')
    await expect(thread.render('<html>', '/', towns)).resolves.toBe('<html>|/|Suva,Nadi')
  })

  it('refuses the renders a dying worker held, and starts a new worker for the next', async () => {
    thread = renderThread(FIXTURE)
    await thread.render('<html>', '/', towns)
    await expect(thread.render('<html>', '/crash', towns)).rejects.toThrow(/The render thread stopped \(exit code 3\)/)
    expect(thread.isRunning).toBe(false)
    await expect(thread.render('<html>', '/', towns)).resolves.toBe('<html>|/|Suva,Nadi')
    expect(thread.isRunning).toBe(true)
  })

  it('refuses a render when the bundle cannot be loaded, rather than waiting for ever', async () => {
    thread = renderThread(MISSING)
    await expect(thread.render('<html>', '/', towns)).rejects.toThrow(/The render thread stopped/)
    expect(thread.isRunning).toBe(false)
  })

  it('ends the worker after a while without a render, and starts one again when asked', async () => {
    thread = renderThread(FIXTURE, { idleMs: 50 })
    await thread.render('<html>', '/', towns)
    expect(thread.isRunning).toBe(true)
    expect(await until(() => !thread!.isRunning)).toBe(true)
    await expect(thread.render('<html>', '/browse', towns)).resolves.toBe('<html>|/browse|Suva,Nadi')
  })

  it('keeps the worker while renders keep coming within the idle time', async () => {
    thread = renderThread(FIXTURE, { idleMs: 300 })
    for (let i = 0; i < 5; i++) {
      await thread.render('<html>', '/', towns)
      await new Promise((r) => setTimeout(r, 100))
      expect(thread.isRunning).toBe(true)
    }
  })

  it('a closed thread starts afresh on the next render', async () => {
    thread = renderThread(FIXTURE)
    await thread.render('<html>', '/', towns)
    await thread.close()
    expect(thread.isRunning).toBe(false)
    await expect(thread.render('<html>', '/', towns)).resolves.toBe('<html>|/|Suva,Nadi')
  })
})
