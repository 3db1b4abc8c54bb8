// Authorization, in two layers: a gate refuses every /api and /objects request that is not exactly
// a route of the contract's table, and each route carries its own access check (the caller's role
// must hold the route's capability, clarifications roles table). Routers never check roles themselves.
import type { RequestHandler, Response } from 'express'
import type { Kysely } from 'kysely'
import type { Database } from '../../db/schema'
import { ERROR_CODES, PASSWORD_CHANGE_ROUTES, can, findRoute, messages, methodsFor, routeKey, type RouteDef } from '../contract'
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

/**
 * The gate in front of every handler: an /api or /objects request that is not exactly a contract
 * route (other case, a trailing or doubled slash, HEAD, OPTIONS, an absolute-form or '*' target) is
 * refused here, so no handler ever sees a request the route table does not name.
 */
export function refuseUnlistedRoutes(): RequestHandler {
  return (req, res, next) => {
    // Node hands absolute-form ('http://host/api/…') and '*' targets through as req.url; Express
    // would still route them by their path, so they are refused outright.
    if (!req.url.startsWith('/')) return next(new HttpError(400, messages.common.badRequestTarget))
    const path = req.url.split('?')[0]!
    if (!isGuardedPath(path)) return next()
    const route = findRoute(req.method, path)
    if (route) {
      res.locals[CONTRACT_ROUTE] = routeKey(route)
      return next()
    }
    const allowed = methodsFor(path)
    if (allowed.length === 0) return next(new HttpError(404, messages.common.noSuchRoute))
    res.setHeader('Allow', allowed.join(', '))
    next(new HttpError(405, messages.common.methodNotAllowed))
  }
}
const CONTRACT_ROUTE = 'contractRoute'
/** The contract route key the gate matched this request to ('GET /api/farmers/:id'), if it did. */
export const contractRouteOf = (res: Response): string | undefined => res.locals[CONTRACT_ROUTE] as string | undefined

/** Case-insensitive on purpose: '/API/…' must meet the gate too, and be refused by it. */
const guardedPrefix = /^\/+(api|objects)(\/|$)/i
/** True for a path the gate checks against the contract ('/api/…', '/objects/…', in any case). */
export const isGuardedPath = (path: string): boolean => guardedPrefix.test(path)

/**
 * 403 for a user who must change the password first. Its `code` tells a client (the outbox) that
 * the request itself is fine and may be sent again once the password has changed.
 */
export class PasswordChangeRequiredError extends HttpError {
  constructor() {
    super(403, messages.auth.passwordChangeRequired)
    this.code = ERROR_CODES.passwordChangeRequired
  }
}

/**
 * The access check of one route, attached where the route is registered (api/http/contract-router.ts),
 * so it runs for whatever request Express matched to that handler.
 */
export function requireAccess(route: RouteDef): RequestHandler {
  const isAllowedBeforePasswordChange = PASSWORD_CHANGE_ROUTES.includes(routeKey(route) as (typeof PASSWORD_CHANGE_ROUTES)[number])
  return (_req, res, next) => {
    if (route.access === 'public') return next()
    const user = res.locals.user as SessionUser | undefined
    if (!user) return next(new HttpError(401, messages.common.sessionRequired))
    // The flag is read from the session's user row on every request, so an admin setting it takes
    // effect at once, and the change clears it for the next request.
    if (user.mustChangePassword && !isAllowedBeforePasswordChange) return next(new PasswordChangeRequiredError())
    if (route.access !== 'session' && !can(user.role, route.access)) return next(new HttpError(403, messages.common.forbidden))
    next()
  }
}
