// The one place authorization happens: every request is matched against the contract's route
// table and refused unless the caller's role holds the route's capability (clarifications roles
// table). Routers never check roles themselves.
import type { RequestHandler } from 'express'
import type { Kysely } from 'kysely'
import type { Database } from '../../db/schema'
import { can, findRoute, messages } from '../contract'
import { HttpError } from '../errors'
import { validateSessionToken, type Session, type SessionUser } from './sessions'

export type AuthLocals = { user?: SessionUser; session?: Session }

export function bearerToken(header: string | undefined): string | undefined {
  const match = /^Bearer\s+(\S+)$/i.exec(header ?? '')
  return match?.[1]
}

/** Resolves the bearer token to `res.locals.user` / `res.locals.session`; never refuses. */
export function authenticate(db: Kysely<Database>): RequestHandler {
  return async (req, res, next) => {
    const token = bearerToken(req.headers.authorization)
    if (token) {
      const result = await validateSessionToken(db, token)
      if (result) {
        res.locals.user = result.user
        res.locals.session = result.session
      }
    }
    next()
  }
}

/** Enforces the route table's `access` for the matched route. */
export function enforceAccess(): RequestHandler {
  return (req, res, next) => {
    const route = findRoute(req.method, req.originalUrl.split('?')[0] ?? req.path)
    if (!route || route.access === 'public') return next()
    const user = res.locals.user as SessionUser | undefined
    if (!user) return next(new HttpError(401, messages.common.sessionRequired))
    if (route.access !== 'session' && !can(user.role, route.access)) return next(new HttpError(403, messages.common.forbidden))
    next()
  }
}
