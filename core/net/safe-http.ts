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
import { allowListOf, isForbiddenAddress } from './address-policy.ts';

export class OutboundRefusedError extends Error {
  override readonly name = 'OutboundRefusedError';
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
  timeoutMs: number;
  /** 0: a redirect is returned as the response (webhooks); >0: followed, each hop re-checked. */
  maxRedirects: number;
}

export interface OutboundResponse {
  status: number;
  headers: IncomingHttpHeaders;
  url: string;
  /** The body stream; the caller reads (with its own cap) or discards it. */
  body: IncomingMessage;
}

const caCache = new Map<string, string[]>();

function trustedCas(extraCaFile: string | null): string[] | undefined {
  if (!extraCaFile) return undefined;
  let cas = caCache.get(extraCaFile);
  if (!cas) {
    cas = [...tls.rootCertificates, readFileSync(extraCaFile, 'utf8')];
    caCache.set(extraCaFile, cas);
  }
  return cas;
}

function guardedLookup(policy: OutboundPolicy): LookupFunction {
  return (hostname, options, callback) => {
    dnsLookup(hostname, { ...options, all: true }, (error, addresses: LookupAddress[]) => {
      if (error) return callback(error, '', 0);
      if (!policy.allowPrivateNetwork) {
        const bad = addresses.find((a) => isForbiddenAddress(a.address, allowed(policy)));
        if (bad)
          return callback(
            new OutboundRefusedError(`${hostname} resolves to a private or reserved address (${bad.address})`),
            '',
            0,
          );
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
    if (remaining <= 0) return reject(new Error(`timed out after ${request.timeoutMs} ms`));
    const req = https.request(url, {
      method: request.method,
      headers: { 'user-agent': 'Verse/1 (+lyrics)', ...request.headers },
      lookup: guardedLookup(policy),
      ca: trustedCas(policy.extraCaFile),
      timeout: remaining,
      agent: false,
    });
    const timer = setTimeout(() => req.destroy(new Error(`timed out after ${request.timeoutMs} ms`)), remaining);
    req.on('response', (res) => {
      clearTimeout(timer);
      resolve(res);
    });
    req.on('timeout', () => req.destroy(new Error(`timed out after ${request.timeoutMs} ms`)));
    req.on('error', (error) => {
      clearTimeout(timer);
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
