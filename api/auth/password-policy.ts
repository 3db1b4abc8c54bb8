// The server's password policy: the spec's five rules (the contract's `passwordRules`, also checked
// by the zod schemas at the edge) plus the clarifications' common-password refusal. Every path that
// sets a password (change, create user, reset) calls `assertAcceptablePassword` before hashing. The
// matching rule is the contract's (common-passwords.ts), shared with the browser's strength meter.
import { messages, passwordRules } from '../contract'
import { isCommonPassword as isCommonPasswordIn, passwordCandidates } from '../contract/common-passwords'
import { HttpError } from '../errors'

let commonPasswords: Promise<Set<string>> | undefined

/** ~49k published common passwords (zxcvbn-ts), loaded on first use: about 1 MB we do not pay at start-up. */
function loadCommonPasswords(): Promise<Set<string>> {
  commonPasswords ??= import('@zxcvbn-ts/language-common').then(({ dictionary }) => new Set(dictionary['passwords-common']))
  return commonPasswords
}

export { passwordCandidates }

/** True when the password is on the common list or made of the product's own words. */
export async function isCommonPassword(password: string): Promise<boolean> {
  return isCommonPasswordIn(password, await loadCommonPasswords())
}

/** The first of the five rule messages the password breaks, in the spec's order. */
export function brokenPasswordRule(password: string): string | undefined {
  return passwordRules.find((rule) => !rule.test(password))?.message
}

/** 400 with the spec's message when a new password is not acceptable. */
export async function assertAcceptablePassword(password: string, field = 'password'): Promise<void> {
  const broken = brokenPasswordRule(password)
  if (broken) throw new HttpError(400, broken, [{ path: field, message: broken }])
  if (await isCommonPassword(password)) {
    throw new HttpError(400, messages.auth.passwordTooCommon, [{ path: field, message: messages.auth.passwordTooCommon }])
  }
}
