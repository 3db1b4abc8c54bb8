// The field issues of the API's validation answer ({ message, issues }, conventions "Errors"), read
// back out of the client's Error("<status>: <body>") (shared/api.ts), so a form can show each
// server-side message next to its field. The toast text comes from shared/ui/submit-helpers.
import type { ErrorIssue } from '../../../api/contract'

export function serverIssues(error: unknown): ErrorIssue[] {
  if (!(error instanceof Error)) return []
  const match = /^4\d\d: ([\s\S]*)$/.exec(error.message)
  if (!match) return [] // network failure, 5xx: nothing to show beside a field
  try {
    const body = JSON.parse(match[1] ?? '') as { issues?: unknown }
    return Array.isArray(body.issues)
      ? body.issues.filter((i): i is ErrorIssue => typeof i?.path === 'string' && typeof i?.message === 'string')
      : []
  } catch {
    return []
  }
}
