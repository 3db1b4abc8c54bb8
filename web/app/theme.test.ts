import { afterEach, describe, expect, it, vi } from 'vitest'
import { brand } from './palette'
import { SYSTEM_GLOBALS_ATTRIBUTE, appSystem } from './theme'

const system = appSystem()

describe('Chakra system', () => {
  it('has only the recipes the app renders', () => {
    expect(Object.keys(system._config.theme?.recipes ?? {}).sort()).toEqual(['button', 'container', 'heading', 'input', 'link'])
    expect(Object.keys(system._config.theme?.slotRecipes ?? {})).toEqual([])
  })

  it('resolves the brand palette that palette.test.ts checks for contrast', () => {
    const solid = system.tokens.getByName('colors.brand.solid')
    expect(solid?.originalValue).toBe('{colors.brand.800}')
    expect(system.tokens.getByName('colors.brand.800')?.value).toBe(brand[800])
    expect(system.tokens.getByName('colors.brand.contrast')?.value).toBe('white')
  })

  it('raises fg.subtle and fg.error above 4.5:1', () => {
    expect(system.tokens.getByName('colors.fg.subtle')?.originalValue).toBe('{colors.gray.500}')
    expect(system.tokens.getByName('colors.fg.error')?.originalValue).toBe('{colors.red.600}')
  })

  it('has no teal palette (its solid fails AA)', () => {
    expect(system.tokens.getByName('colors.teal.solid')).toBeUndefined()
  })
})

describe("the system's global styles in a page whose HTML carries them", () => {
  afterEach(() => {
    vi.unstubAllGlobals()
    vi.resetModules()
  })

  /** A fresh theme module (the system is built once per page) in a page holding `tags`. */
  async function systemInPage(tags: Record<string, string>) {
    vi.resetModules()
    vi.stubGlobal('document', { querySelector: (selector: string) => (selector === `style[${SYSTEM_GLOBALS_ATTRIBUTE}]` && tags[SYSTEM_GLOBALS_ATTRIBUTE] ? { getAttribute: (name: string) => tags[name] ?? null } : null) })
    return (await import('./theme')).appSystem()
  }

  it("are given to Chakra's <Global> as the server's name only, which it adopts without the styles", async () => {
    const system = await systemInPage({ [SYSTEM_GLOBALS_ATTRIBUTE]: '15vm98i' })
    expect(system._global).toEqual({ name: '15vm98i', styles: '' })
  })

  it('are the styles themselves where the page has none (the shell, the farmer page)', async () => {
    const system = await systemInPage({})
    expect(Array.isArray(system._global)).toBe(true)
    expect(JSON.stringify(system._global)).toContain('--chakra-colors-brand-800')
  })
})
