// The server's password policy: the spec's five rules (the contract's `passwordRules`, also checked
// by the zod schemas at the edge) plus the clarifications' common-password refusal. Every path that
// sets a password (change, create user, reset) calls `assertAcceptablePassword` before hashing.
import { messages, passwordRules } from '../contract'
import { HttpError } from '../errors'

let commonPasswords: Promise<Set<string>> | undefined

/** ~49k published common passwords (zxcvbn-ts), loaded on first use: about 1 MB we do not pay at start-up. */
function loadCommonPasswords(): Promise<Set<string>> {
  commonPasswords ??= import('@zxcvbn-ts/language-common').then(({ dictionary }) => new Set(dictionary['passwords-common']))
  return commonPasswords
}

const EDGE_FILLER = /^[\d@$!%*?&._\-#+~ ]+|[\d@$!%*?&._\-#+~ ]+$/g
const LEET: Record<string, string> = { '@': 'a', '4': 'a', $: 's', '5': 's', '0': 'o', '1': 'i', '3': 'e', '!': 'i', '7': 't' }

/**
 * The forms a guessing attack tries first: the password lower-cased, without the digits and symbols
 * people bolt on at either end to satisfy the rules ("Password1!" → "password"), and de-leeted
 * ("P@ssw0rd" → "password"). A stripped base shorter than 4 letters is not matched, so short
 * accidental hits ("ab" + symbols) do not refuse a good password.
 */
export function passwordCandidates(password: string): string[] {
  const lower = password.toLowerCase()
  const forms = new Set([lower])
  const base = lower.replace(EDGE_FILLER, '')
  if (base.length >= 4) forms.add(base)
  for (const form of [...forms]) forms.add(form.replace(/[@4$501!37]/g, (ch) => LEET[ch] ?? ch))
  return [...forms]
}

export async function isCommonPassword(password: string): Promise<boolean> {
  const common = await loadCommonPasswords()
  return passwordCandidates(password).some((form) => common.has(form))
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
