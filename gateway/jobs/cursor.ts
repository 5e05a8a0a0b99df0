/**
 * Opaque, signed cursors for GET /jobs. A cursor carries the feed position and a fingerprint of the
 * filters it was issued for; a forged cursor, or one reused with other filters, is 400 VAL_001.
 */
import { createHmac } from 'node:crypto';
import { invalid } from '../../core/errors.ts';
import { safeEqual } from '../../core/secrets.ts';
import type { FeedPosition } from '../../sinks/cassandra/feed.ts';

interface CursorBody {
  t: number;
  j: string | null;
  f: string;
}

const sign = (secret: string, payload: string) =>
  createHmac('sha256', secret).update(payload).digest('base64url').slice(0, 22);

export function encodeCursor(secret: string, position: FeedPosition, fingerprint: string): string {
  const body: CursorBody = { t: position.updated_at.getTime(), j: position.job_id, f: fingerprint };
  const payload = Buffer.from(JSON.stringify(body)).toString('base64url');
  return `${payload}.${sign(secret, payload)}`;
}

export function decodeCursor(secret: string, cursor: string, fingerprint: string): FeedPosition {
  const [payload, signature] = cursor.split('.');
  if (!payload || !signature || !safeEqual(signature, sign(secret, payload))) throw invalid('cursor is not valid');
  let body: CursorBody;
  try {
    body = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as CursorBody;
  } catch {
    throw invalid('cursor is not valid');
  }
  if (body.f !== fingerprint)
    throw invalid('cursor was issued for other parameters; keep every other parameter identical while paging');
  return { updated_at: new Date(body.t), job_id: body.j };
}
