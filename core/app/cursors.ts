/**
 * Opaque, signed cursors for the list endpoints (GET /jobs, /webhooks/deliveries,
 * /webhooks/dead-letters). A cursor carries a list position and a fingerprint of the filters it
 * was issued for; a forged cursor, or one reused with other filters, is 400 VAL_001.
 */
import { createHash, createHmac } from 'node:crypto';
import { invalid } from '../errors.ts';
import { UUID_PATTERN } from '../ids.ts';
import type { FeedPosition } from '../ports/feed.ts';
import type { ListPosition } from '../ports/webhooks.ts';
import { safeEqual } from '../secrets.ts';

interface CursorBody {
  t: number;
  j: string | null;
  f: string;
}

const sign = (secret: string, payload: string) =>
  createHmac('sha256', secret).update(payload).digest('base64url').slice(0, 22);

/** A short digest of an organisation and the filters of a query (everything but cursor and limit). */
export function filterFingerprint(orgId: string, query: object): string {
  const { cursor: _c, limit: _l, ...filters } = query as Record<string, unknown>;
  return createHash('sha256')
    .update(JSON.stringify([orgId, Object.entries(filters).sort()]))
    .digest('base64url')
    .slice(0, 16);
}

/** A cursor that verifies is still checked field by field: a bad one is the client's 400, never our 503. */
function isCursorBody(value: unknown): value is CursorBody {
  if (!value || typeof value !== 'object') return false;
  const { t, j, f } = value as Record<string, unknown>;
  return (
    typeof t === 'number' &&
    Number.isSafeInteger(t) &&
    t >= 0 &&
    t <= 8.64e15 &&
    (j === null || (typeof j === 'string' && j.length <= 200)) &&
    typeof f === 'string'
  );
}

function encode(secret: string, body: CursorBody): string {
  const payload = Buffer.from(JSON.stringify(body)).toString('base64url');
  return `${payload}.${sign(secret, payload)}`;
}

function decode(secret: string, cursor: string, fingerprint: string): CursorBody {
  const [payload, signature] = cursor.split('.');
  if (!payload || !signature || !safeEqual(signature, sign(secret, payload))) throw invalid('cursor is not valid');
  let body: unknown;
  try {
    body = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
  } catch {
    throw invalid('cursor is not valid');
  }
  if (!isCursorBody(body)) throw invalid('cursor is not valid');
  if (body.f !== fingerprint)
    throw invalid('cursor was issued for other parameters; keep every other parameter identical while paging');
  return body;
}

export function encodeCursor(secret: string, position: FeedPosition, fingerprint: string): string {
  return encode(secret, { t: position.updated_at.getTime(), j: position.job_id, f: fingerprint });
}

export function decodeCursor(secret: string, cursor: string, fingerprint: string): FeedPosition {
  const body = decode(secret, cursor, fingerprint);
  if (body.j !== null && !UUID_PATTERN.test(body.j)) throw invalid('cursor is not valid');
  return { updated_at: new Date(body.t), job_id: body.j };
}

export function encodeListCursor(secret: string, position: ListPosition, fingerprint: string): string {
  return encode(secret, { t: position.at.getTime(), j: position.id, f: fingerprint });
}

export function decodeListCursor(secret: string, cursor: string, fingerprint: string): ListPosition {
  const body = decode(secret, cursor, fingerprint);
  if (typeof body.j !== 'string') throw invalid('cursor is not valid');
  return { at: new Date(body.t), id: body.j };
}
