import { describe, expect, it } from 'vitest'
import { ConfigError, readConfig } from './config'

describe('readConfig', () => {
  it('seeds demo data by default on a developer start, never on a production start unless asked', () => {
    expect(readConfig({}).seedDemo).toBe(true)
    expect(readConfig({ NODE_ENV: 'production' }).seedDemo).toBe(false)
    expect(readConfig({ NODE_ENV: 'production', SEED_DEMO: '1' }).seedDemo).toBe(true)
    expect(readConfig({ SEED_DEMO: '0' }).seedDemo).toBe(false)
  })

  it('runs on PostgreSQL with DATABASE_URL, refuses a URL that is not PostgreSQL, and stays on SQLite without it', () => {
    expect(readConfig({ DATABASE_URL: ' postgres://vf@db:5432/vf ' }).databaseUrl).toBe('postgres://vf@db:5432/vf')
    expect(readConfig({ DATABASE_URL: 'postgresql://vf@db/vf' }).databaseUrl).toBe('postgresql://vf@db/vf')
    expect(() => readConfig({ DATABASE_URL: 'mysql://vf@db/vf' })).toThrow(/DATABASE_URL must be a PostgreSQL connection string/)
    expect(readConfig({ DATABASE_URL: ' ' }).databaseUrl).toBeUndefined()
    expect(readConfig({}).databaseUrl).toBeUndefined()
  })

  it('keeps the working defaults and reads good values', () => {
    expect(readConfig({})).toMatchObject({ port: 3000, trustProxyHops: 0 })
    expect(readConfig({ PORT: ' 3001 ', TRUST_PROXY: 'true' })).toMatchObject({ port: 3001, trustProxyHops: 1 })
    expect(readConfig({ TRUST_PROXY: '2', PORT: '' })).toMatchObject({ port: 3000, trustProxyHops: 2 })
  })

  it('makes exports in process unless EXPORT_THREAD=1, and refuses anything else', () => {
    expect(readConfig({}).exportThread).toBe(false)
    expect(readConfig({ EXPORT_THREAD: '0' }).exportThread).toBe(false)
    expect(readConfig({ EXPORT_THREAD: '1' }).exportThread).toBe(true)
    expect(readConfig({ EXPORT_THREAD: 'no' }).exportThread).toBe(false)
    expect(() => readConfig({ EXPORT_THREAD: 'maybe' })).toThrow(/EXPORT_THREAD must be 1 or 0/)
  })
  it('serves a public answer from before a write for at most 5 s by default; ANSWER_STALE_MS sets it, 0 to 60000', () => {
    expect(readConfig({}).answerStaleMs).toBe(5_000)
    expect(readConfig({ ANSWER_STALE_MS: '0' }).answerStaleMs).toBe(0)
    expect(readConfig({ ANSWER_STALE_MS: ' 60000 ' }).answerStaleMs).toBe(60_000)
    for (const wrong of ['60001', '-1', '5s', '1.5']) {
      expect(() => readConfig({ ANSWER_STALE_MS: wrong })).toThrow(/ANSWER_STALE_MS must be milliseconds from 0 to 60000/)
    }
  })

  it('lets the requests in flight finish for 25 s on SIGTERM by default; SHUTDOWN_GRACE_MS sets it, 0 to 600000', () => {
    expect(readConfig({}).shutdownGraceMs).toBe(25_000)
    expect(readConfig({ SHUTDOWN_GRACE_MS: '0' }).shutdownGraceMs).toBe(0)
    expect(readConfig({ SHUTDOWN_GRACE_MS: '600000' }).shutdownGraceMs).toBe(600_000)
    for (const wrong of ['600001', '-1', '25s', '2.5']) {
      expect(() => readConfig({ SHUTDOWN_GRACE_MS: wrong })).toThrow(/SHUTDOWN_GRACE_MS must be milliseconds from 0 to 600000/)
    }
  })

  it('refuses every wrong value at once, one line per setting', () => {
    let error: unknown
    try {
      readConfig({ PORT: '80a', SEED_DEMO: 'sometimes', LOG_LEVEL: 'loud', SMTP_URL: 'mail.example', ADMIN_EMAIL: 'admin' })
    } catch (caught) {
      error = caught
    }
    expect(error).toBeInstanceOf(ConfigError)
    expect((error as ConfigError).problems).toEqual([
      'PORT must be a whole number from 1 to 65535 (got "80a"), e.g. PORT=3001 npm start.',
      'SEED_DEMO must be 1 or 0 (got "sometimes").',
      'ADMIN_EMAIL must be an e-mail address (got "admin").',
      'SMTP_URL must look like smtp://user:pass@mail.example:587 (or smtps://…).',
      'LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent (got "loud").',
    ])
  })
})
