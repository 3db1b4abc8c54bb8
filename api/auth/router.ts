// /api/auth/*: HTTP only. Who may call what is decided by each route's access check from the contract's route
// table before these handlers run; the handlers only read the session it resolved.
import type { Response } from 'express'
import type { Kysely } from 'kysely'
import type { Database } from '../../db/schema'
import { actorOf, clientOf } from '../audit/staff-write'
import { ChangePasswordSchema, LoginSchema, type ChangePassword, type Login, type LoginResponse, type VerifyResponse } from '../contract'
import { validate } from '../middleware/validate'
import { currentSession, noStore } from './http'
import { AccountLockedError } from './lockout'
import { warmDummyHash } from './password'
import { passwordAttemptLimit } from './rate-limit'
import { authService } from './service'
import { contractRouter } from '../http/contract-router'

/** The lockout answer carries Retry-After so a client can say when to try again. */
async function withRetryAfter<T>(res: Response, work: () => Promise<T>): Promise<T> {
  try {
    return await work()
  } catch (error) {
    if (error instanceof AccountLockedError) res.set('Retry-After', String(error.retryAfterSeconds))
    throw error
  }
}

export function authRouter(db: Kysely<Database>, options: { passwordAttemptsPerAddress?: number } = {}) {
  const service = authService(db)
  const attemptLimit = passwordAttemptLimit({ limit: options.passwordAttemptsPerAddress })
  warmDummyHash()
  const { router, on } = contractRouter()

  on('POST /api/auth/login', noStore, attemptLimit, validate({ body: LoginSchema }), async (req, res) => {
    const answer: LoginResponse = await withRetryAfter(res, () => service.login(res.locals.body as Login, clientOf(req)))
    res.json(answer)
  })

  on('GET /api/auth/verify', noStore, (_req, res) => {
    res.json({ user: currentSession(res).user } satisfies VerifyResponse)
  })

  on('POST /api/auth/change-password', noStore, attemptLimit, validate({ body: ChangePasswordSchema }), async (req, res) => {
    const current = currentSession(res)
    const answer: LoginResponse = await withRetryAfter(res, () => service.changePassword(current, res.locals.body as ChangePassword, clientOf(req)))
    res.json(answer)
  })

  on('POST /api/auth/logout', noStore, async (req, res) => {
    await service.logout(actorOf(req, res), currentSession(res).session)
    res.json({ ok: true })
  })

  return router
}
