/**
 * Outbound HTTPS, the port: what the service asks of the network when it probes or fetches an
 * audio_url or posts a webhook. sinks/http/outbound.ts is the adapter; which addresses may be
 * reached is a rule of core (core/net/address-policy.ts), applied by the adapter to every
 * connection's resolved address.
 */
import type { IncomingHttpHeaders, IncomingMessage } from 'node:http';
import { VerseError } from '../verse-error.ts';

/** The address is not one Verse may reach (private, reserved, or not allowed): never retriable. */
export class OutboundRefusedError extends VerseError {}

/** The exchange ran past its overall deadline, or the peer sent nothing for the idle limit. */
export class OutboundTimeoutError extends VerseError {
  constructor(message: string) {
    super(message, { retriable: true });
  }
}

export interface OutboundPolicy {
  allowPrivateNetwork: boolean;
  extraCaFile: string | null;
  /** Private addresses allowed anyway (VERSE_OUTBOUND_ALLOW). */
  allowedAddresses?: readonly string[];
}

export interface OutboundRequest {
  method: 'HEAD' | 'GET' | 'POST';
  headers?: Record<string, string>;
  body?: Buffer | string;
  /** Overall deadline for the whole exchange: every hop, the headers and the body until it is read. */
  timeoutMs: number;
  /** Longest silence from the peer (connecting, waiting, or mid-body) before the exchange fails. */
  idleMs?: number;
  /** 0: a redirect is returned as the response (webhooks); >0: followed, each hop re-checked. */
  maxRedirects: number;
}

export interface OutboundResponse {
  status: number;
  headers: IncomingHttpHeaders;
  url: string;
  /**
   * The body stream; the caller reads (with its own cap) or discards it. It fails with
   * OutboundTimeoutError when the deadline or the idle limit passes before it ends, and with the
   * socket's error when the peer closes or resets it early, so a pipeline over it always settles.
   */
  body: IncomingMessage;
}

export interface Outbound {
  /** The addresses this outbound may reach; URLs are checked against it before any request. */
  readonly policy: OutboundPolicy;
  /** One exchange: https only, the resolved address checked, redirects as asked, within the deadline. */
  request(url: string, request: OutboundRequest): Promise<OutboundResponse>;
}
