/**
 * Outbound HTTPS that cannot be turned against our own network: https only, every connection's
 * resolved address checked by the address policy (IP literals too), redirects followed only when
 * asked and each hop re-checked, a deadline on the whole exchange, and VERSE_EXTRA_CA_FILE trusted
 * in addition to the system roots.
 */
import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { readFileSync } from 'node:fs';
import type { IncomingMessage } from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import tls from 'node:tls';
import { allowedBy, checkUrl, isForbiddenAddress } from '../../core/net/address-policy.ts';
import {
  type Outbound,
  type OutboundPolicy,
  OutboundRefusedError,
  type OutboundRequest,
  type OutboundResponse,
  OutboundTimeoutError,
} from '../../core/ports/outbound.ts';

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
        const bad = addresses.find((a) => isForbiddenAddress(a.address, allowedBy(policy)));
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

async function outboundRequest(
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

/** HTTPS under the policy: the adapter of the Outbound port. */
export function httpsOutbound(policy: OutboundPolicy): Outbound {
  return { policy, request: (url, request) => outboundRequest(url, request, policy) };
}
