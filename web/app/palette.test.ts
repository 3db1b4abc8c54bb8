import { describe, expect, it } from 'vitest'
import { contrastRatio, textPairs } from './palette'

describe('palette contrast (WCAG AA, 4.5:1 for normal text)', () => {
  it('computes the known ratio of black on white', () => {
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 5)
  })

  it("rejects Chakra's default solid teal, the pair the theme avoids", () => {
    expect(contrastRatio('#ffffff', '#0d9488')).toBeLessThan(4.5)
  })

  for (const [name, { fg, bg }] of Object.entries(textPairs)) {
    it(`${name}: ${fg} on ${bg}`, () => {
      expect(contrastRatio(fg, bg)).toBeGreaterThanOrEqual(4.5)
    })
  }
})
