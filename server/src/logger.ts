import pino, { type Logger } from 'pino';

export function createLogger(level = process.env.LOG_LEVEL ?? 'info'): Logger {
  return pino({ level, redact: ['req.headers.authorization', 'req.headers.apikey', 'password', 'refresh_token'] });
}
