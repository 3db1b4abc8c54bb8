import { describe, expect, it } from 'vitest'
import { pillTones, starColours } from './tones'
import { tooltipLeft, tooltipOpenDelay } from './tooltip'

function luminance(hex: string): number {
  const n = Number.parseInt(hex.slice(1), 16)
  const channel = (c: number) => {
    const s = c / 255
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4
  }
  return 0.2126 * channel((n >> 16) & 255) + 0.7152 * channel((n >> 8) & 255) + 0.0722 * channel(n & 255)
}
const contrast = (a: string, b: string) => {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number]
  return (hi + 0.05) / (lo + 0.05)
}

describe('pill and star colours', () => {
  it.each(Object.entries(pillTones))('%s pill text reaches 4.5:1', (_name, tone) => {
    expect(contrast(tone.fgHex, tone.bgHex)).toBeGreaterThanOrEqual(4.5)
  })
  it('stars reach 3:1 on white (non-text contrast)', () => {
    expect(contrast(starColours.filled.hex, '#ffffff')).toBeGreaterThanOrEqual(3)
    expect(contrast(starColours.empty.hex, '#ffffff')).toBeGreaterThanOrEqual(3)
  })
})

describe('tooltip timing and placement', () => {
  it('waits 700 ms, or opens at once within 300 ms of another closing', () => {
    expect(tooltipOpenDelay(10_000, -Infinity)).toBe(700)
    expect(tooltipOpenDelay(10_000, 9_800)).toBe(0)
    expect(tooltipOpenDelay(10_000, 9_600)).toBe(700)
  })
  it('keeps the bubble inside the viewport', () => {
    expect(tooltipLeft(100, 100, 200, 1000)).toBe(50)
    expect(tooltipLeft(0, 100, 256, 360)).toBe(8)
    expect(tooltipLeft(300, 60, 256, 360)).toBe(360 - 256 - 8)
  })
})
