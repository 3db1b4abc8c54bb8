// The only way a handler reaches the HTTP surface: it is registered for one route of the contract's
// table, by its key, and that route's access check is attached with it. A path the contract does
// not name does not compile, and no spelling of a URL that Express matches to a handler skips its check.
import { Router, type RequestHandler } from 'express'
import { getRoute, type RouteDef, type RouteKey } from '../contract'
import { requireAccess } from '../auth/access'

export interface ContractRouter {
  router: Router
  /** Registers `handlers` for the contract route `key`, behind that route's access check. */
  on(key: RouteKey, ...handlers: RequestHandler[]): void
}

export function contractRouter(): ContractRouter {
  // Case-sensitive, like the contract and the gate in front of it.
  const router = Router({ caseSensitive: true, strict: true })
  return {
    router,
    on(key, ...handlers) {
      const route: RouteDef = getRoute(key)
      const method = route.method.toLowerCase() as Lowercase<RouteDef['method']>
      router[method](route.path, requireAccess(route), ...handlers)
    },
  }
}
