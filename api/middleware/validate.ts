// Validation at the edge with the contract's schemas: a bad request gets the spec's message and
// never reaches a service, so it can change nothing.
import type { RequestHandler } from 'express'
import type { z } from 'zod'
import { HttpError } from '../errors'

type Schemas = { body?: z.ZodType; query?: z.ZodType; params?: z.ZodType }

export function toHttpError(error: z.ZodError): HttpError {
  const issues = error.issues.map((issue) => ({ path: issue.path.join('.'), message: issue.message }))
  return new HttpError(400, issues[0]?.message ?? 'Invalid input', issues)
}

export function validate(schemas: Schemas): RequestHandler {
  return (req, res, next) => {
    for (const part of ['params', 'query', 'body'] as const) {
      const schema = schemas[part]
      if (!schema) continue
      const result = schema.safeParse(part === 'body' ? (req.body ?? {}) : req[part])
      if (!result.success) return next(toHttpError(result.error))
      // Express 5 makes req.query a getter; the parsed value travels in res.locals instead.
      res.locals[part] = result.data
    }
    next()
  }
}
