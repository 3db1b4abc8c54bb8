// Shared facts for the e2e suite: the server is started by playwright.config.ts with these
// credentials on a fresh DATA_DIR with the reference data and the demo set.
export const e2eAdmin = { email: 'admin@e2e.vitifarmers.test', password: 'E2e-Admin!2026', name: 'Administrator' }

/**
 * The SMTP port the e2e server sends to (SMTP_URL in playwright.config.ts), one per E2E_PORT so
 * parallel runs never share it. Only e2e/back-office-2.spec.ts listens there; while nobody does,
 * a send is refused at once and recorded as failed, so other specs are unaffected.
 */
export function e2eSmtpPort(appPort: number): number {
  return 2525 + (appPort - 3100)
}
