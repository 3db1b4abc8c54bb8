// The API answers a public page's HTML was rendered with (issue 21, decision 029 "Later: the lists
// in the HTML"): the server renders /experts and /reviews with their list and puts the answers in
// the page as JSON. The app takes them as its own first answers, under the query keys it asks for
// them with, so its first render equals that HTML and the list needs no request of its own. The
// server sends them only with a page a browser navigates to (never into the worker's cache), so
// they are as fresh as the API's answer would have been.
import type { QueryClient } from '@tanstack/react-query'
import { jsonScript, readJsonScript } from '../../api/contract/json-script'

/** API answers by URL (the query key the app asks for each under). */
export type FirstAnswers = Readonly<Record<string, unknown>>

/** The id of the page's `<script type="application/json">` carrying them. */
export const FIRST_ANSWERS_SCRIPT_ID = 'vf-answers'

/** The answers a page carries, or undefined (no script, or not an object of answers). */
export function readFirstAnswers(doc: Document): FirstAnswers | undefined {
  const value = readJsonScript(doc, FIRST_ANSWERS_SCRIPT_ID)
  const isAnswers = typeof value === 'object' && value !== null && !Array.isArray(value) && Object.keys(value).every((url) => url.startsWith('/api/'))
  return isAnswers ? (value as FirstAnswers) : undefined
}

/** The answers as a script element's text: JSON with `<` escaped, so no value can close the script. */
export function firstAnswersScript(answers: FirstAnswers): string {
  return jsonScript(FIRST_ANSWERS_SCRIPT_ID, answers)
}

/** `queryClient` holding the answers as fetched now. */
export function withFirstAnswers(queryClient: QueryClient, answers: FirstAnswers | undefined): QueryClient {
  for (const [url, answer] of Object.entries(answers ?? {})) queryClient.setQueryData([url], answer)
  return queryClient
}
