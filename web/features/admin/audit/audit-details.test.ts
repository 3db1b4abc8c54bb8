import { beforeAll, describe, expect, it } from 'vitest'
import { catalogPartsReady } from '../../../i18n/runtime'
import { formatAuditDetails } from './audit-details'

beforeAll(() => catalogPartsReady(['admin']))

describe('formatAuditDetails', () => {
  it('shows plain text as it is', () => {
    expect(formatAuditDetails('Signed in (remember me)')).toBe('Signed in (remember me)')
    expect(formatAuditDetails('42')).toBe('42')
  })

  it('shows a JSON object as key: value pairs', () => {
    expect(formatAuditDetails('{"email":"mere@example.fj","role":"data_agent","mustChangePassword":true}')).toBe(
      'email: mere@example.fj, role: data_agent, mustChangePassword: yes',
    )
    expect(formatAuditDetails('{"name":{"from":"A","to":"B"},"lastLogin":null}')).toBe('name: {"from":"A","to":"B"}, lastLogin: —')
  })

  it('shows nothing when there are no details', () => {
    expect(formatAuditDetails(null)).toBe('')
    expect(formatAuditDetails('')).toBe('')
  })
})
