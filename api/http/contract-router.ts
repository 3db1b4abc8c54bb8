// The only way a handler reaches the HTTP surface: it is registered for one route of the contract's
// table, by its key, and that route's access check is attached with it. A path the contract does
// not name does not compile, and no spelling of a URL that Express matches to a handler skips its check.
// Query strings fail closed too: a parameter the route's contract does not name is refused before
// any handler runs, so no answer cache can be keyed (or busted) on made-up parameters. Text with a
// control character is refused here too, once for every route (refuseControlCharacters).
import { Router, type RequestHandler } from 'express'
import { z } from 'zod'
import { getRoute, messages, routeKey, type RouteDef, type RouteKey } from '../contract'
import { hasControlCharacter } from '../contract/control-characters'
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

/** A parsed JSON body, query or params object (an uploaded photo's Buffer is none). */
const isPlainContainer = (value: object): boolean => {
  if (Array.isArray(value)) return true
  const prototype: unknown = Object.getPrototypeOf(value)
  return prototype === Object.prototype || prototype === null
}

type Visit = { value: unknown; key: string; parent: Visit | undefined }

const pathOf = (visit: Visit | undefined): string => {
  const keys: string[] = []
  for (let at = visit; at?.parent !== undefined; at = at.parent) keys.push(at.key)
  return keys.reverse().join('.')
}

/**
 * Where a string or object key of `value` (at any depth) holds a control character: its path
 * ('comment', 'photoUrls.2'; '' for the value itself, or for a top-level key), or undefined when
 * none does. Walked without recursion, and each path is built only when found: a 1 MB body may be
 * 150 000 items wide or nest 500 000 deep.
 */
export function controlCharacterPath(value: unknown): string | undefined {
  const stack: Visit[] = [{ value, key: '', parent: undefined }]
  while (stack.length > 0) {
    const visit = stack.pop()!
    const current = visit.value
    if (typeof current === 'string') {
      if (hasControlCharacter(current)) return pathOf(visit)
      continue
    }
    if (current === null || typeof current !== 'object' || !isPlainContainer(current)) continue
    for (const key of Object.keys(current)) {
      // The key itself is not echoed: the path names where it sits.
      if (hasControlCharacter(key)) return pathOf(visit)
      stack.push({ value: (current as Record<string, unknown>)[key], key, parent: visit })
    }
  }
  return undefined
}

/**
 * 400 for a request whose path parameters, query values or JSON body (strings and keys, at any
 * depth) hold a control character, before any handler, service or database sees it: the same
 * answer on SQLite and PostgreSQL, and nothing stored.
 */
function refuseControlCharacters(route: RouteDef): RequestHandler {
  return (req, _res, next) => {
    // A raw body (a photo's bytes) is no text.
    const parts: unknown[] = route.rawBody ? [req.params, req.query] : [req.params, req.query, req.body]
    for (const value of parts) {
      const path = controlCharacterPath(value)
      if (path === undefined) continue
      const message = messages.common.controlCharacters
      return next(new HttpError(400, message, [{ path, message }]))
    }
    next()
  }
}

/**
 * 415 for a body the route cannot read: a route that takes JSON, sent text/plain or a form. express.json
 * leaves such a body unparsed, and the route would answer that every field is missing.
 */
function isUnreadableBody(route: RouteDef, req: Parameters<RequestHandler>[0]): boolean {
  if (route.body === undefined || route.rawBody) return false
  const hasBody = req.headers['transfer-encoding'] !== undefined || Number(req.headers['content-length'] ?? 0) > 0
  return hasBody && req.is('application/json') === false
}

/**
 * The input gate after the access check: a body the route cannot read, then control characters (no
 * such text is echoed), then unknown query parameters.
 */
function refuseBadInput(route: RouteDef): RequestHandler {
  const controlCharacters = refuseControlCharacters(route)
  const unknownQuery = refuseUnknownQuery(route)
  return (req, res, next) => {
    if (isUnreadableBody(route, req)) return next(new HttpError(415, messages.common.jsonContentTypeRequired))
    controlCharacters(req, res, (error?: unknown) => (error === undefined ? unknownQuery(req, res, next) : next(error)))
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
      router[method](route.path, requireAccess(route), refuseBadInput(route), ...handlers)
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
