import { describe, expect, it } from 'vitest'
import { brand } from './palette'
import { appSystem } from './theme'

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
