import { describe, expect, it } from 'vitest'
import { messages } from '../contract'
import { assertAcceptablePassword, brokenPasswordRule, isCommonPassword, passwordCandidates } from './password-policy'

describe('common passwords', () => {
  it.each(['Password1!', 'P@ssw0rd', 'Welcome123!', 'Qwerty123!', 'Iloveyou1!', 'Letmein1!', 'Ch@ngeMe1', 'Admin123!'])('%s is refused', async (pw) => {
    expect(await isCommonPassword(pw)).toBe(true)
  })

  // Issue 17: accepted for staff before; a base word from the list or the product's own words,
  // with digits and symbols bolted on.
  it.each(['Bula2024!', 'Vinaka123!', 'Vitifarmers1!', 'Abcd1234!', 'Aa123456!', 'Viti@2026', 'Vinaka2025!', 'Bula!Vinaka9', 'FIJI&dragon7', 'V1t1F@rmers!'])(
    '%s is refused (the list or the product\'s words)',
    async (pw) => {
      expect(await isCommonPassword(pw)).toBe(true)
    },
  )

  it.each(['Taro&Cassava7', 'Rewa!River2', 'Test-Admin!2026', 'Koro$Sea4Nadi', 'Bula-x7Tq!9z'])('%s is accepted', async (pw) => {
    expect(await isCommonPassword(pw)).toBe(false)
  })

  it('tries the lower-cased, edge-stripped and de-leeted forms', () => {
    expect(passwordCandidates('P@ssw0rd1!')).toEqual(expect.arrayContaining(['p@ssw0rd1!', 'p@ssw0rd', 'password']))
    expect(passwordCandidates('Abcd1234!')).toEqual(expect.arrayContaining(['abcd1234', 'abcd']))
    // A stripped base under 4 letters is not looked up.
    expect(passwordCandidates('Ab1!')).toEqual(['ab1!', 'abii'])
  })
})

describe('assertAcceptablePassword', () => {
  it('reports the first broken rule, then the common list', async () => {
    expect(brokenPasswordRule('abc')).toBe(messages.auth.passwordMinLength)
    await expect(assertAcceptablePassword('abcdefgh', 'newPassword')).rejects.toMatchObject({ status: 400, message: messages.auth.passwordUppercase })
    await expect(assertAcceptablePassword('Password1!')).rejects.toMatchObject({ status: 400, message: messages.auth.passwordTooCommon })
    await expect(assertAcceptablePassword('Taro&Cassava7')).resolves.toBeUndefined()
  })
})
