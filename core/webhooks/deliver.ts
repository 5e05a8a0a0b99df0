/**
 * One signed webhook POST, the same way for every sender (the webhook processor, dead-letter and
 * job replays, POST /webhook-test): https only, the destination's resolved address checked on
 * every attempt, 10 s, redirects returned rather than followed, success only on 2xx, the answer
 * read with a small cap, all within the one deadline. Failures are classified, never thrown: a
 * refused destination, a timeout, DNS, TLS, a refused or reset connection.
 */
import { readCapped } from '../net/read-capped.ts';
import { type Outbound, OutboundRefusedError, OutboundTimeoutError } from '../ports/outbound.ts';
import { DELIVERY_TIMEOUT_MS } from './schedule.ts';
import { webhookHeaders } from './signing.ts';

export interface DeliveryOutcome {
  success: boolean;
  /** The receiver's HTTP status; null when no reply was obtained. */
  status_code: number | null;
  /** Why no reply was obtained (null when the receiver answered). */
  error: string | null;
  /** The destination was refused by the outbound policy before any connection. */
  refused: boolean;
}

export interface SignedDelivery {
  url: string;
  /** The exact body bytes; the same on every attempt of one event. */
  body: string;
  /** webhook-id: stable across the attempts of one event. */
  webhookId: string;
  secret: string;
  now: Date;
}

const RESPONSE_CAP_BYTES = 4096;

const TLS_CODES = /^(ERR_TLS_|ERR_SSL_|CERT_|UNABLE_TO_|DEPTH_ZERO_|SELF_SIGNED_|ERR_OSSL_)/;

/**
 * A coarse, stable description of a failure with no reply (what Delivery attempt.error reports):
 * a category, never the socket's own message, so the answer cannot be used to map a network.
 */
export function describeFailure(error: unknown): string {
  if (error instanceof OutboundRefusedError) return `refused destination: ${error.message}`;
  if (error instanceof OutboundTimeoutError)
    return `timeout: no complete answer within ${DELIVERY_TIMEOUT_MS / 1000} s`;
  const code = (error as NodeJS.ErrnoException)?.code ?? '';
  if (code === 'ETIMEDOUT') return `timeout: no complete answer within ${DELIVERY_TIMEOUT_MS / 1000} s`;
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN' || code === 'ENODATA') return 'dns: the host name did not resolve';
  if (TLS_CODES.test(code)) return 'tls: the secure connection failed';
  if (code === 'ECONNREFUSED') return 'connection refused';
  if (code === 'ECONNRESET' || code === 'EPIPE') return 'connection reset';
  return 'connection failed';
}

export async function deliverSigned(delivery: SignedDelivery, outbound: Outbound): Promise<DeliveryOutcome> {
  const headers = webhookHeaders(delivery.secret, delivery.webhookId, delivery.body, delivery.now);
  try {
    const res = await outbound.request(delivery.url, {
      method: 'POST',
      headers: { ...headers },
      body: delivery.body,
      timeoutMs: DELIVERY_TIMEOUT_MS,
      maxRedirects: 0,
    });
    await readCapped(res.body, RESPONSE_CAP_BYTES).catch(() => undefined);
    return { success: res.status >= 200 && res.status < 300, status_code: res.status, error: null, refused: false };
  } catch (error) {
    return {
      success: false,
      status_code: null,
      error: describeFailure(error),
      refused: error instanceof OutboundRefusedError,
    };
  }
}
