// The engine options both drain benches share (outbox.ts in node, outbox-browser-page.ts in
// Chromium): who is signed in, always online, quick retries. Browser-safe on purpose: the page's
// bundle imports it, so nothing node-only may come in here.

export function benchEngineOptions(agent: { id: string; token: string }) {
  return {
    getAuthToken: () => agent.token,
    getSignedInAgentId: () => agent.id,
    isOnline: () => true,
    // Not the subject here: a retry (there should be none) comes back quickly.
    backoff: { baseMs: 20, capMs: 200, floorMs: 5 },
    timeoutMs: 120_000,
    onError: (error: unknown) => console.warn('outbox bench: engine error', error),
  }
}
