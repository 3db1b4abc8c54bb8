import { describe, expect, it } from 'vitest'
import { changedValues } from './changed-values'

describe('changedValues', () => {
  it('keeps only what differs: a cleared field ("") counts, an unchanged list does not, a reordered one does', () => {
    const before = { name: 'Mere', phone: '+679 912 3456', town: 'Nadi', cities: ['Nadi', 'Ba'], isPremium: false }
    expect(changedValues(before, { ...before })).toEqual({})
    expect(changedValues(before, { ...before, phone: '+679 999 0000', town: '' })).toEqual({ phone: '+679 999 0000', town: '' })
    expect(changedValues(before, { ...before, cities: ['Nadi', 'Ba'] })).toEqual({})
    expect(changedValues(before, { ...before, cities: ['Ba', 'Nadi'], isPremium: true })).toEqual({ cities: ['Ba', 'Nadi'], isPremium: true })
  })
})
