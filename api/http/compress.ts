// Compression for /api, passed over on routes whose answers the answer cache keeps already encoded
// (br, gzip; decision 022): there the compression middleware only wrapped the response to find
// Content-Encoding set (~4 % of the CPU of a cached answer, profiled under br). Passed over too
// where a route's answer without a query string is always far below compression's 1 KB threshold
// (the public live summary, ~60 bytes): the wrapping was ~10 % of that answer's CPU.
import compression from 'compression'
import type { Request, RequestHandler, Response } from 'express'
import { contractRouteOf } from '../auth/access'

/** Contract routes (e.g. 'GET /api/farms-with-ratings') answered only by sendAnswer. */
const preEncodedRoutes = new Set<string>()

/**
 * Says that this request's contract route is answered from the answer cache: its later requests skip
 * the compression middleware. Such a route sends its kept br or gzip bytes, a 304 or a short error;
 * a client that takes neither br nor gzip gets the plain JSON sendAnswer chose (only a deflate-only
 * client, which no browser is, would have had it deflated).
 */
export function markPreEncoded(res: Response): void {
  const route = contractRouteOf(res)
  if (route !== undefined) preEncodedRoutes.add(route)
}

/** Contract routes whose answer to a request without a query string is a few bytes. */
const smallWithoutQueryRoutes = new Set<string>()

const hasQuery = (req: Request) => req.originalUrl.includes('?')

/**
 * Says that this request's answer is small and it has no query string: the route's later requests
 * without one skip the compression middleware. Bounded by the contract's routes, whatever the URLs.
 */
export function markSmallWithoutQuery(req: Request, res: Response): void {
  const route = contractRouteOf(res)
  if (route !== undefined && !hasQuery(req)) smallWithoutQueryRoutes.add(route)
}

export function apiCompression(): RequestHandler {
  const compress = compression()
  return (req, res, next) => {
    const route = contractRouteOf(res)
    if (route !== undefined && (preEncodedRoutes.has(route) || (smallWithoutQueryRoutes.has(route) && !hasQuery(req)))) return next()
    compress(req, res, next)
  }
}
