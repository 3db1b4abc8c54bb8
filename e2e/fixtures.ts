// Shared facts for the e2e suite: the server is started by playwright.config.ts with these
// credentials on a fresh DATA_DIR with the reference data and the demo set.
export const e2eAdmin = { email: 'admin@e2e.vitifarmers.test', password: 'E2e-Admin!2026', name: 'Administrator' }
