import pino, { type Logger } from 'pino'
import pretty from 'pino-pretty'

export type { Logger }

export function createLogger(options: { level: string; pretty: boolean }): Logger {
  const settings: pino.LoggerOptions = {
    level: options.level,
    base: undefined,
    redact: {
      paths: [
        'password',
        '*.password',
        'token',
        '*.token',
        'refreshToken',
        '*.refreshToken',
        'authorization',
      ],
      censor: '[redacted]',
    },
  }
  // In development a stream in this thread: a worker transport cannot resolve its target from
  // inside Vite's module runner.
  return options.pretty
    ? pino(settings, pretty({ colorize: true, singleLine: true, translateTime: 'SYS:HH:MM:ss' }))
    : pino(settings)
}
