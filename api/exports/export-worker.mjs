// Starts the export thread (export-thread.ts). A worker thread inherits neither tsx's nor vitest's
// TypeScript loading, and the export's code is the services' TypeScript: tsx is registered here, in
// this thread, so the same file runs under `npm start`, the Dockerfile's tsx, the bench and the tests.
import { register } from 'tsx/esm/api'

register()
await import('./export-jobs.ts')
