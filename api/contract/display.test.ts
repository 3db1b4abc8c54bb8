import { describe, expect, it } from 'vitest'
import { dialNumber, telHref, whatsappHref } from './display'

describe('the number a Call link dials', () => {
  it("dials a Fiji number written in full without its '+' as +679…, not as a local number", () => {
    for (const written of ['679 920 1373', '6799201373', '679-920-1373', ' (679) 920 1373 ']) {
      expect(telHref(written), written).toBe('tel:+6799201373')
    }
  })
  it('gives a local 7-digit number the +679 country code', () => {
    expect(telHref('920 1373')).toBe('tel:+6799201373')
    expect(telHref('9201373')).toBe('tel:+6799201373')
  })
  it("keeps a number's own country when written with '+' or '00'", () => {
    expect(telHref('+679 920 1373')).toBe('tel:+6799201373')
    expect(telHref('00679 920-1373')).toBe('tel:+6799201373')
    expect(telHref('+61 412 345 678')).toBe('tel:+61412345678')
    expect(telHref('0061 412 345 678')).toBe('tel:+61412345678')
  })
  it('dials any other shape as written, digits only', () => {
    expect(dialNumber('0412 345 678')).toBe('0412345678')
    expect(dialNumber('123')).toBe('123')
  })
  it('WhatsApp opens the same number, without its +', () => {
    for (const written of ['+679 920 1373', '679 920 1373', '6799201373', '920 1373', '00679 920-1373']) {
      expect(whatsappHref(written), written).toBe('https://wa.me/6799201373')
    }
    expect(whatsappHref('123')).toBeNull()
  })
})
