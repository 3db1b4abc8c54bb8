// Sign-in, session user, password rule and strength meter (spec 001 §5, clarifications Sessions/Passwords).
import { z } from 'zod'
import { messages } from './messages'
import { RoleSchema, whenMissing } from './common'

const m = messages.auth

/** Session lifetimes (clarifications, Sessions): Remember me 30 days renewed while used, else 24 hours. */
export const SESSION_REMEMBER_MS = 30 * 24 * 60 * 60 * 1000
export const SESSION_DEFAULT_MS = 24 * 60 * 60 * 1000
/** Lockout: 10 wrong passwords for one e-mail from one address within 15 minutes refuse it from that address for 15 minutes (decision 010). */
export const LOGIN_MAX_FAILURES = 10
export const LOGIN_LOCK_WINDOW_MS = 15 * 60 * 1000
/** Per-address limit on wrong passwords (per 15 minutes), generous for an office behind one address. */
export const LOGIN_IP_LIMIT = 100

export const PASSWORD_MIN_LENGTH = 8
/** The longest password accepted (hashing a megabyte of password is a denial of service). */
export const PASSWORD_MAX_LENGTH = 256
export const PASSWORD_SPECIAL_CHARS = '@$!%*?&'

/** The five rules in the spec's order; the meter and the schema both read this list. */
export const passwordRules = [
  { key: 'length', message: m.passwordMinLength, test: (pw: string) => pw.length >= PASSWORD_MIN_LENGTH },
  { key: 'lowercase', message: m.passwordLowercase, test: (pw: string) => /[a-z]/.test(pw) },
  { key: 'uppercase', message: m.passwordUppercase, test: (pw: string) => /[A-Z]/.test(pw) },
  { key: 'number', message: m.passwordNumber, test: (pw: string) => /\d/.test(pw) },
  { key: 'special', message: m.passwordSpecial, test: (pw: string) => /[@$!%*?&]/.test(pw) },
] as const
export type PasswordRuleKey = (typeof passwordRules)[number]['key']

/** A new password. The server also refuses common ones (messages.auth.passwordTooCommon). */
export const PasswordSchema = z
  .string({ error: whenMissing(m.passwordMinLength) })
  .min(PASSWORD_MIN_LENGTH, m.passwordMinLength)
  .max(PASSWORD_MAX_LENGTH, m.passwordMax)
  .regex(/[a-z]/, m.passwordLowercase)
  .regex(/[A-Z]/, m.passwordUppercase)
  .regex(/\d/, m.passwordNumber)
  .regex(/[@$!%*?&]/, m.passwordSpecial)

export const PASSWORD_STRENGTH_LABELS = ['Very Weak', 'Weak', 'Fair', 'Good', 'Strong', 'Very Strong'] as const
export type PasswordStrengthLabel = (typeof PASSWORD_STRENGTH_LABELS)[number]

export interface PasswordStrength {
  /** Number of rules met, 0..5. */
  score: number
  label: PasswordStrengthLabel
  checks: { key: PasswordRuleKey; message: string; passed: boolean }[]
}

/** Strength meter: one point per rule met; label by score (0 Very Weak … 5 Very Strong). */
export function passwordStrength(pw: string): PasswordStrength {
  const checks = passwordRules.map((r) => ({ key: r.key, message: r.message, passed: r.test(pw) }))
  const score = checks.filter((c) => c.passed).length
  return { score, label: PASSWORD_STRENGTH_LABELS[score] ?? 'Very Weak', checks }
}

/** True when the typed password breaks the rule (the login screen then shows the security panel). */
export function failsPasswordRule(pw: string): boolean {
  return passwordRules.some((r) => !r.test(pw))
}

/** POST /api/auth/login. */
export const LoginSchema = z.object({
  email: z.string({ error: m.emailInvalid }).trim().toLowerCase().pipe(z.email(m.emailInvalid)),
  password: z.string({ error: whenMissing(m.passwordRequired) }).min(1, m.passwordRequired).max(PASSWORD_MAX_LENGTH, m.passwordMax),
  rememberMe: z.boolean().default(false),
})
export type Login = z.infer<typeof LoginSchema>
export type LoginInput = z.input<typeof LoginSchema>

/** The signed-in user as stored in the browser and answered by verify. */
export const SessionUserSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  email: z.string(),
  role: RoleSchema,
  mustChangePassword: z.boolean(),
})
export type SessionUser = z.infer<typeof SessionUserSchema>

/** Answer of login and change-password: the session token and the user. */
export const LoginResponseSchema = z.object({ token: z.string().min(1), user: SessionUserSchema })
export type LoginResponse = z.infer<typeof LoginResponseSchema>

/** GET /api/auth/verify. */
export const VerifyResponseSchema = z.object({ user: SessionUserSchema })
export type VerifyResponse = z.infer<typeof VerifyResponseSchema>

/** POST /api/auth/change-password: answers a new LoginResponse; other sessions of the user end. */
export const ChangePasswordSchema = z.object({
  currentPassword: z.string({ error: whenMissing(m.currentPasswordRequired) }).min(1, m.currentPasswordRequired),
  newPassword: PasswordSchema,
})
export type ChangePassword = z.infer<typeof ChangePasswordSchema>
