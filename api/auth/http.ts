// Small HTTP helpers for routers behind authenticate and the per-route access check.
import type { RequestHandler, Response } from 'express'
import { messages } from '../contract'
import { HttpError } from '../errors'
import type { Session, SessionUser } from './sessions'

/** Tokens, user records and staff data must never sit in a browser, service-worker or proxy cache. */
export const noStore: RequestHandler = (_req, res, next) => {
  res.set('Cache-Control', 'no-store')
  next()
}

/** The session `authenticate` resolved; the route's access check has already refused requests without one. */
export function currentSession(res: Response): { user: SessionUser; session: Session } {
  const { user, session } = res.locals as { user?: SessionUser; session?: Session }
  if (!user || !session) throw new HttpError(401, messages.common.sessionRequired)
  return { user, session }
}
