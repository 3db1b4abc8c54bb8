// Test helpers for staff API calls: a JSON request with the given headers, and the answer's message.
import { randomUUID } from 'node:crypto'
import type { TestApp } from './test-app'

export function sender(api: TestApp, defaultHeaders: () => Record<string, string>) {
  return (method: string, path: string, body?: unknown, headers = defaultHeaders()) =>
    api.fetch(path, {
      method,
      headers: { ...headers, ...(body !== undefined && { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    })
}

export const messageOf = async (res: Response) => ((await res.json()) as { message: string }).message

/** The header every queued POST carries (the outbox's item id), as a fresh UUID. */
export const queuedKey = (headers: Record<string, string> = {}) => ({ 'Idempotency-Key': randomUUID(), ...headers })
