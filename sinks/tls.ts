/** Node TLS options for a store connection: the system's roots, plus the configured CA when there is one. */
import { readFileSync } from 'node:fs';
import type { ConnectionOptions } from 'node:tls';
import type { TlsSettings } from '../core/store-settings.ts';

export function tlsOptions(tls: TlsSettings): ConnectionOptions {
  return tls.caFile ? { ca: [readFileSync(tls.caFile)] } : {};
}
