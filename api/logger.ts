import pino from 'pino'

export function createLogger(options: { level?: string } = {}) {
  return pino({
    level: options.level ?? process.env.LOG_LEVEL ?? (process.env.NODE_ENV === 'test' ? 'silent' : 'info'),
    redact: ['req.headers.authorization', 'password', 'newPassword', 'currentPassword'],
  })
}
export type { Logger } from 'pino'
