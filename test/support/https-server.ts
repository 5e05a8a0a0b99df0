/**
 * A real HTTPS server on 127.0.0.1 with a CA made by the test (openssl), for audio_url fetches and
 * webhook deliveries. Point VERSE_EXTRA_CA_FILE at `caFile` to trust it.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';

export interface TestCa {
  dir: string;
  caFile: string;
  key: Buffer;
  cert: Buffer;
}

let cached: TestCa | null = null;

/** A CA and a server certificate for localhost / 127.0.0.1, made once per test process. */
export function testCa(): TestCa {
  if (cached) return cached;
  const dir = mkdtempSync(path.join(tmpdir(), 'verse-ca-'));
  const run = (...args: string[]) => execFileSync('openssl', args, { cwd: dir, stdio: 'pipe' });
  run(
    'req',
    '-x509',
    '-newkey',
    'rsa:2048',
    '-nodes',
    '-keyout',
    'ca.key',
    '-out',
    'ca.pem',
    '-days',
    '2',
    '-subj',
    '/CN=Verse Test CA',
  );
  run('req', '-newkey', 'rsa:2048', '-nodes', '-keyout', 'server.key', '-out', 'server.csr', '-subj', '/CN=localhost');
  writeFileSync(path.join(dir, 'ext.cnf'), 'subjectAltName=DNS:localhost,IP:127.0.0.1,IP:127.0.0.2\n');
  run(
    'x509',
    '-req',
    '-in',
    'server.csr',
    '-CA',
    'ca.pem',
    '-CAkey',
    'ca.key',
    '-CAcreateserial',
    '-out',
    'server.pem',
    '-days',
    '2',
    '-extfile',
    'ext.cnf',
  );
  cached = {
    dir,
    caFile: path.join(dir, 'ca.pem'),
    key: readFileSync(path.join(dir, 'server.key')),
    cert: readFileSync(path.join(dir, 'server.pem')),
  };
  return cached;
}

export type Handler = (req: IncomingMessage, res: ServerResponse, body: Buffer) => void;

export interface TestHttpsServer {
  /** https://localhost:PORT (resolves to 127.0.0.1) */
  url: string;
  caFile: string;
  requests: { method: string; url: string; headers: IncomingMessage['headers']; body: Buffer }[];
  route(path: string, handler: Handler): void;
  close(): Promise<void>;
}

/** Listens on `port` when given (to bring a receiver back up where it was), else on a free one. */
export async function startHttpsServer(host = '127.0.0.1', port = 0): Promise<TestHttpsServer> {
  const ca = testCa();
  const routes = new Map<string, Handler>();
  const requests: TestHttpsServer['requests'] = [];
  const server = https.createServer({ key: ca.key, cert: ca.cert }, (req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks);
      requests.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers, body });
      const handler = routes.get((req.url ?? '').split('?')[0] ?? '');
      if (!handler) {
        res.writeHead(404).end('not found');
        return;
      }
      handler(req, res, body);
    });
  });
  await new Promise<void>((resolve) => server.listen(port, host, resolve));
  const bound = (server.address() as AddressInfo).port;
  return {
    url: host === '127.0.0.1' ? `https://localhost:${bound}` : `https://${host}:${bound}`,
    caFile: ca.caFile,
    requests,
    route: (p, h) => routes.set(p, h),
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** Serves a buffer like a CDN would: HEAD with Content-Length, GET with the bytes. */
export function serveFile(content: Buffer, contentType = 'audio/wav'): Handler {
  return (req, res) => {
    res.writeHead(200, { 'content-type': contentType, 'content-length': String(content.length) });
    res.end(req.method === 'HEAD' ? undefined : content);
  };
}
