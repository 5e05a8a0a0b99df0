/**
 * Idempotency-Key handling for creations (spec, POST /transcribe and POST /batch): the first request
 * with a key does the work; a replay within 24 hours returns the stored response with
 * Idempotent-Replay: true; a different body under the key is 409 IDEM_002; a key whose first
 * request is still running is 409 IDEM_001 (retryable).
 */
import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { apiError, invalid } from '../../core/errors.ts';
import type { IdempotencyStore } from '../../core/ports/idempotency.ts';

/** The header a replayed answer carries; the meters give back what a replay drew. */
export const REPLAY_HEADER = 'Idempotent-Replay';

export interface Created {
  statusCode: number;
  body: Record<string, unknown>;
}

/** Stable JSON: object keys sorted, so field order does not make two bodies differ. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

export const requestHash = (parts: unknown) => createHash('sha256').update(canonicalJson(parts)).digest('hex');

export function idempotencyKeyOf(request: FastifyRequest): string | null {
  const raw = request.headers['idempotency-key'];
  if (raw === undefined) return null;
  const key = Array.isArray(raw) ? raw[0] : raw;
  if (!key || key.length > 255 || !/^[\x21-\x7e]+$/.test(key)) {
    throw invalid('Idempotency-Key must be 1 to 255 visible ASCII characters');
  }
  return key;
}

export async function withIdempotency(
  store: IdempotencyStore,
  request: FastifyRequest,
  reply: FastifyReply,
  orgId: string,
  hash: string,
  work: (key: string | null) => Promise<Created>,
): Promise<FastifyReply> {
  const key = idempotencyKeyOf(request);
  if (key === null) {
    const created = await work(null);
    return reply.status(created.statusCode).send(created.body);
  }
  const outcome = await store.claim(orgId, key, hash);
  switch (outcome.kind) {
    case 'mismatch':
      throw apiError('IDEM_002');
    case 'in_flight':
      throw apiError('IDEM_001').with({ headers: { 'Retry-After': '1' } });
    case 'replay':
      reply.header(REPLAY_HEADER, 'true');
      return reply.status(outcome.statusCode).type('application/json; charset=utf-8').send(outcome.response);
    case 'claimed':
      break;
  }
  let created: Created;
  try {
    created = await work(key);
  } catch (error) {
    await store.release(orgId, key).catch(() => {});
    throw error;
  }
  await store.complete(orgId, key, created.statusCode, JSON.stringify(created.body));
  return reply.status(created.statusCode).send(created.body);
}
