// The JSON body parser of every /api route. It reads UTF-8 only: body-parser itself decodes any
// charset named 'utf-…' that iconv knows, so a body sent as UTF-16 or UTF-7 was read and stored as if
// it were UTF-8, while the server answers 'latin1' that it takes UTF-8 JSON. Other charsets get the
// same 415 as latin1 (errors.ts, 'charset.unsupported'), before the body is decoded.
import express, { type RequestHandler } from 'express'

/** The largest JSON body any route takes. */
export const JSON_BODY_LIMIT = '1mb'

class CharsetUnsupportedError extends Error {
  readonly status = 415
  readonly type = 'charset.unsupported'
}

export function jsonBody(): RequestHandler {
  return express.json({
    limit: JSON_BODY_LIMIT,
    // body-parser names the charset it is about to decode: the Content-Type's, lower-cased, else utf-8.
    verify: (_req, _res, _body, charset) => {
      if (charset !== 'utf-8') throw new CharsetUnsupportedError(`unsupported charset "${charset.toUpperCase()}"`)
    },
  })
}
