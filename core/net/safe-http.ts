/**
 * Outbound HTTPS that cannot be turned against our own network: https only, every connection's
 * resolved address checked by the address policy (IP literals too), redirects followed only when
 * asked and each hop re-checked, a deadline on the whole exchange, and VERSE_EXTRA_CA_FILE trusted
 * in addition to the system roots.
 */
import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { readFileSync } from 'node:fs';
import type { IncomingHttpHeaders, IncomingMessage } from 'node:http';
import https from 'node:https';
import { type BlockList, isIP, type LookupFunction } from 'node:net';
import tls from 'node:tls';
import { VerseError } from '../verse-error.ts';
import { allowListOf, isForbiddenAddress } from './address-policy.ts';

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

const allowCache = new Map<string, BlockList>();
function allowed(policy: OutboundPolicy): BlockList | undefined {
  if (!policy.allowedAddresses?.length) return undefined;
  const key = policy.allowedAddresses.join(',');
  let list = allowCache.get(key);
  if (!list) {
    list = allowListOf(policy.allowedAddresses);
    allowCache.set(key, list);
  }
  return list;
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

const contexts = new Map<string, tls.SecureContext>();

/**
 * A TLS context trusting the public roots and the extra CA, built once per file: building one parses
 * every root certificate, which cost more CPU than the rest of an audio fetch together when it was
 * done per request. Without an extra CA, Node's own default context is used.
 */
function trustedContext(extraCaFile: string | null): tls.SecureContext | undefined {
  if (!extraCaFile) return undefined;
  let context = contexts.get(extraCaFile);
  if (!context) {
    context = tls.createSecureContext({ ca: [...tls.rootCertificates, readFileSync(extraCaFile, 'utf8')] });
    contexts.set(extraCaFile, context);
  }
  return context;
}

function guardedLookup(policy: OutboundPolicy): LookupFunction {
  return (hostname, options, callback) => {
    dnsLookup(hostname, { ...options, all: true }, (error, addresses: LookupAddress[]) => {
      if (error) return callback(error, '', 0);
      if (!policy.allowPrivateNetwork) {
        const bad = addresses.find((a) => isForbiddenAddress(a.address, allowed(policy)));
        if (bad)
          return callback(new OutboundRefusedError(`${hostname} resolves to a private or reserved address`), '', 0);
      }
      if (addresses.length === 0) return callback(new Error(`${hostname} has no addresses`), '', 0);
      if ((options as { all?: boolean }).all)
        return (callback as unknown as (e: null, a: LookupAddress[]) => void)(null, addresses);
      callback(null, addresses[0]!.address, addresses[0]!.family);
    });
  };
}

export function checkUrl(raw: string, policy: OutboundPolicy): URL {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new OutboundRefusedError('not a valid URL');
  }
  if (url.protocol !== 'https:') throw new OutboundRefusedError('only https:// URLs are allowed');
  if (url.username || url.password) throw new OutboundRefusedError('URLs with credentials are not allowed');
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (isIP(host) && !policy.allowPrivateNetwork && isForbiddenAddress(host, allowed(policy))) {
    throw new OutboundRefusedError(`${host} is a private or reserved address`);
  }
  return url;
}

function once(url: URL, request: OutboundRequest, policy: OutboundPolicy, deadline: number): Promise<IncomingMessage> {
  return new Promise((resolve, reject) => {
    const remaining = deadline - Date.now();
    if (remaining <= 0) return reject(new OutboundTimeoutError(`timed out after ${request.timeoutMs} ms`));
    // With no agent, the options reach tls.connect, which takes a secureContext (not in https's types).
    const options: https.RequestOptions & Pick<tls.ConnectionOptions, 'secureContext'> = {
      method: request.method,
      headers: { 'user-agent': 'Verse/1 (+lyrics)', ...request.headers },
      lookup: guardedLookup(policy),
      secureContext: trustedContext(policy.extraCaFile),
      timeout: Math.min(request.idleMs ?? remaining, remaining),
      agent: false,
    };
    const req = https.request(url, options);
    let response: IncomingMessage | null = null;
    // The timer outlives the headers: it ends the exchange, body included, and the body stream
    // carries the error to whoever reads it.
    const fail = (error: Error) => {
      response?.destroy(error);
      req.destroy(error);
    };
    const timer = setTimeout(
      () => fail(new OutboundTimeoutError(`timed out after ${request.timeoutMs} ms`)),
      remaining,
    );
    req.on('timeout', () => fail(new OutboundTimeoutError(`no data for ${request.idleMs ?? remaining} ms`)));
    req.on('response', (res) => {
      response = res;
      res.once('close', () => clearTimeout(timer));
      // Readers attach their own handlers; this one keeps an unread body's failure from crashing the process.
      res.on('error', () => {});
      resolve(res);
    });
    req.on('error', (error) => {
      if (!response) clearTimeout(timer);
      reject(error);
    });
    req.end(request.body);
  });
}

export async function outboundRequest(
  rawUrl: string,
  request: OutboundRequest,
  policy: OutboundPolicy,
): Promise<OutboundResponse> {
  const deadline = Date.now() + request.timeoutMs;
  let url = checkUrl(rawUrl, policy);
  for (let hop = 0; ; hop++) {
    const res = await once(url, request, policy, deadline);
    const location = res.headers.location;
    if (request.maxRedirects > 0 && res.statusCode && res.statusCode >= 300 && res.statusCode < 400 && location) {
      res.resume();
      if (hop >= request.maxRedirects) throw new OutboundRefusedError(`more than ${request.maxRedirects} redirects`);
      url = checkUrl(new URL(location, url).toString(), policy);
      continue;
    }
    return { status: res.statusCode ?? 0, headers: res.headers, url: url.toString(), body: res };
  }
}

/** Reads at most maxBytes of a response body (the rest is discarded). */
export async function readCapped(body: IncomingMessage, maxBytes: number): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of body) {
    const buf = chunk as Buffer;
    if (size < maxBytes) chunks.push(buf.subarray(0, maxBytes - size));
    size += buf.length;
    if (size >= maxBytes) {
      body.destroy();
      break;
    }
  }
  return Buffer.concat(chunks);
}
