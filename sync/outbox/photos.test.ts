import { describe, expect, it } from 'vitest'
import { DEFAULT_MAX_EDGE, targetSize } from './photos'

describe('targetSize', () => {
  it('brings the long edge down to maxEdge and keeps the aspect ratio', () => {
    expect(targetSize(4000, 3000, 1600)).toEqual({ width: 1600, height: 1200 })
    expect(targetSize(3000, 4000, 1600)).toEqual({ width: 1200, height: 1600 })
    expect(targetSize(4032, 3024)).toEqual({ width: 1600, height: 1200 })
    expect(targetSize(1601, 1601, 1600)).toEqual({ width: 1600, height: 1600 })
    expect(targetSize(9000, 1000, 1600)).toEqual({ width: 1600, height: 178 })
    expect(DEFAULT_MAX_EDGE).toBe(1600)
  })

  it('never upscales', () => {
    expect(targetSize(800, 600, 1600)).toEqual({ width: 800, height: 600 })
    expect(targetSize(1600, 900, 1600)).toEqual({ width: 1600, height: 900 })
    expect(targetSize(1, 1, 1600)).toEqual({ width: 1, height: 1 })
  })

  it('never answers a zero side for a thin panorama', () => {
    expect(targetSize(20000, 5, 1600)).toEqual({ width: 1600, height: 1 })
  })

  it('refuses sizes that are not an image', () => {
    expect(() => targetSize(0, 100, 1600)).toThrow(RangeError)
    expect(() => targetSize(Number.NaN, 100, 1600)).toThrow(RangeError)
    expect(() => targetSize(100, 100, 0)).toThrow(RangeError)
  })
})
