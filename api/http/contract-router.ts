// The only way a handler reaches the HTTP surface: it is registered for one route of the contract's
// table, by its key, and that route's access check is attached with it. A path the contract does
// not name does not compile, and no spelling of a URL that Express matches to a handler skips its check.
// Query strings fail closed too: a parameter the route's contract does not name is refused before
// any handler runs, so no answer cache can be keyed (or busted) on made-up parameters.
import { Router, type RequestHandler } from 'express'
import { z } from 'zod'
import { getRoute, messages, routeKey, type RouteDef, type RouteKey } from '../contract'
import { contractRouteOf, isGuardedPath, requireAccess } from '../auth/access'
import { HttpError } from '../errors'

/**
 * A router's routes, as one handler. The server mounts them all through contractRoutes below; a
 * router mounted on its own (a test's app) still lets a request the gate matched to another
 * router's route pass without walking its routes.
 */
export type ContractRoutes = RequestHandler & { readonly stack: Router['stack']; readonly keys: ReadonlySet<string> }

export interface ContractRouter {
  router: ContractRoutes
  /** Registers `handlers` for the contract route `key`, behind that route's access check. */
  on(key: RouteKey, ...handlers: RequestHandler[]): void
}

/** The query parameter names a route's contract allows (none when it declares no query). */
export function allowedQueryKeys(route: RouteDef): ReadonlySet<string> {
  return new Set(route.query instanceof z.ZodObject ? Object.keys(route.query.shape) : [])
}

function refuseUnknownQuery(route: RouteDef): RequestHandler {
  const allowed = allowedQueryKeys(route)
  return (req, _res, next) => {
    const unknown = Object.keys(req.query).filter((key) => !allowed.has(key))
    if (unknown.length === 0) return next()
    next(new HttpError(400, `${messages.common.unknownQueryParameter}: ${unknown.slice(0, 3).join(', ')}`, unknown.map((key) => ({ path: key, message: messages.common.unknownQueryParameter }))))
  }
}

export function contractRouter(): ContractRouter {
  // Case-sensitive, like the contract and the gate in front of it.
  const router = Router({ caseSensitive: true, strict: true })
  const keys = new Set<string>()
  const routes: RequestHandler = (req, res, next) => {
    const matched = contractRouteOf(res)
    if (matched !== undefined && !keys.has(matched)) return next()
    router(req, res, next)
  }
  return {
    // `stack` stays readable, for the tests that list what the server registered.
    router: Object.assign(routes, { stack: router.stack, keys }),
    on(key, ...handlers) {
      const route: RouteDef = getRoute(key)
      const method = route.method.toLowerCase() as Lowercase<RouteDef['method']>
      keys.add(routeKey(route))
      router[method](route.path, requireAccess(route), refuseUnknownQuery(route), ...handlers)
    },
  }
}

/**
 * Every router as one handler: a request goes straight to the router holding its contract route,
 * instead of Express offering it to each router in turn. A request the gate matched to no route (a
 * page, a file) never reaches a router: every contract route must be under a prefix the gate guards
 * (checked here, at start), so none could match it. Before, each page was matched against every route of every router on its way
 * to the web app: a server-rendered page answered ~5,600 requests a second, and ~7,500 without that.
 */
export function contractRoutes(routers: ContractRoutes[]): ContractRoutes {
  const byKey = new Map<string, ContractRoutes>()
  for (const router of routers) {
    for (const key of router.keys) {
      if (byKey.has(key)) throw new Error(`${key} is registered by two routers`)
      if (!isGuardedPath(key.slice(key.indexOf(' ') + 1))) throw new Error(`${key} is outside the paths the gate matches to routes`)
      byKey.set(key, router)
    }
  }
  const dispatch: RequestHandler = (req, res, next) => {
    const matched = contractRouteOf(res)
    const router = matched === undefined ? undefined : byKey.get(matched)
    if (router === undefined) return next()
    router(req, res, next)
  }
  return Object.assign(dispatch, { stack: routers.flatMap((router) => router.stack), keys: new Set(byKey.keys()) })
}
