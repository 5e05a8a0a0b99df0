/** pino, one JSON line per event. Operators grep by job_id and org_id, so callers bind them as fields. */
import { type Logger, pino } from 'pino';

export type { Logger };

export function createLogger(level: string, name: string): Logger {
  return pino({
    level,
    name,
    base: { service: name },
    timestamp: pino.stdTimeFunctions.isoTime,
    redact: { paths: ['req.headers.authorization', 'headers.authorization'], censor: '[redacted]' },
  });
}
