/**
 * Standard Webhooks signatures (standardwebhooks.com): webhook-id, webhook-timestamp and
 * webhook-signature "v1,<base64 HMAC-SHA256 of `${id}.${timestamp}.${body}`>", keyed with the
 * organisation's whsec_ secret. Receivers verify with the off-the-shelf `standardwebhooks` libraries.
 */
import { createHmac } from 'node:crypto';

export interface WebhookHeaders {
  'webhook-id': string;
  'webhook-timestamp': string;
  'webhook-signature': string;
  'content-type': string;
}

function keyOf(secret: string): Buffer {
  if (!secret.startsWith('whsec_')) throw new Error('webhook secrets start with whsec_');
  return Buffer.from(secret.slice('whsec_'.length), 'base64');
}

export function signature(secret: string, id: string, timestampSeconds: number, body: string): string {
  const mac = createHmac('sha256', keyOf(secret)).update(`${id}.${timestampSeconds}.${body}`).digest('base64');
  return `v1,${mac}`;
}

/** Headers for one attempt: the id is stable across attempts of an event, the timestamp is per attempt. */
export function webhookHeaders(secret: string, id: string, body: string, now = new Date()): WebhookHeaders {
  const timestamp = Math.floor(now.getTime() / 1000);
  return {
    'webhook-id': id,
    'webhook-timestamp': String(timestamp),
    'webhook-signature': signature(secret, id, timestamp, body),
    'content-type': 'application/json',
  };
}
