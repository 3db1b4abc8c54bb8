// /api/auth/*: HTTP only. Who may call what is decided by each route's access check from the contract's route
// table before these handlers run; the handlers only read the session it resolved.
import type { Response } from 'express'
import type { Kysely } from 'kysely'
import type { Database } from '../../db/schema'
import { actorOf, clientOf } from '../audit/staff-write'
import { ChangePasswordSchema, LOGIN_IP_LIMIT, LOGIN_LOCK_WINDOW_MS, LoginSchema, type ChangePassword, type Login, type LoginResponse, type VerifyResponse } from '../contract'
import { validate } from '../middleware/validate'
import { currentSession, noStore } from './http'
import { AccountLockedError, WrongPasswordError } from './lockout'
import { warmDummyHash } from './password'
import { perAddressLimit } from '../middleware/rate-limit'
import { authService } from './service'
import { contractRouter } from '../http/contract-router'

/**
 * The lockout answer carries Retry-After so a client can say when to try again; a wrong password is
 * marked for the per-address limit, which counts nothing else (a refused new password is no guess).
 */
async function passwordAttempt<T>(res: Response, work: () => Promise<T>): Promise<T> {
  try {
    return await work()
  } catch (error) {
    if (error instanceof AccountLockedError) res.set('Retry-After', String(error.retryAfterSeconds))
    if (error instanceof WrongPasswordError) res.locals.isWrongPassword = true
    throw error
  }
}

export function authRouter(db: Kysely<Database>, options: { passwordAttemptsPerAddress?: number } = {}) {
  const service = authService(db)
  // About 100 wrong passwords per address per 15 minutes (clarifications, Passwords): every other
  // ending is given back, so an office of staff signing in correctly never trips it.
  const attemptLimit = perAddressLimit({
    windowMs: LOGIN_LOCK_WINDOW_MS,
    limit: options.passwordAttemptsPerAddress ?? LOGIN_IP_LIMIT,
    isRefunded: (res) => res.locals.isWrongPassword !== true,
    name: 'wrong-password',
  })
  warmDummyHash()
  const { router, on } = contractRouter()

  on('POST /api/auth/login', noStore, attemptLimit, validate({ body: LoginSchema }), async (req, res) => {
    const answer: LoginResponse = await passwordAttempt(res, () => service.login(res.locals.body as Login, clientOf(req)))
    res.json(answer)
  })

  on('GET /api/auth/verify', noStore, (_req, res) => {
    res.json({ user: currentSession(res).user } satisfies VerifyResponse)
  })

  on('POST /api/auth/change-password', noStore, attemptLimit, validate({ body: ChangePasswordSchema }), async (req, res) => {
    const current = currentSession(res)
    const answer: LoginResponse = await passwordAttempt(res, () => service.changePassword(current, res.locals.body as ChangePassword, clientOf(req)))
    res.json(answer)
  })

  on('POST /api/auth/logout', noStore, async (req, res) => {
    await service.logout(actorOf(req, res), currentSession(res).session)
    res.json({ ok: true })
  })

  return router
}
