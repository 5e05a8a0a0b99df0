/**
 * The engine's HTTP contract served by the FakeEngine, so real processor processes (which use
 * HttpEngine) can run in crash tests. `hold` parks transcription requests until released.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { findLanguage } from '../../core/languages.ts';
import { FakeEngine } from './engine.ts';

export interface EngineServer {
  url: string;
  engine: FakeEngine;
  transcribeRequests: number;
  hold(): () => void;
  close(): Promise<void>;
}

/**
 * `costMs`: each transcription and alignment takes this long (a stand-in engine of fixed cost, for
 * benchmarks and the cluster test). `port`: where it listens (a free port when absent).
 */
export async function startEngineServer(options: { costMs?: number; port?: number } = {}): Promise<EngineServer> {
  const cost = () => (options.costMs ? new Promise((r) => setTimeout(r, options.costMs)) : Promise.resolve());
  const engine = new FakeEngine();
  let gate: Promise<void> | null = null;
  const state = { transcribeRequests: 0 };
  const server = http.createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const body = JSON.parse(Buffer.concat(chunks).toString() || '{}');
    const language = findLanguage(body.language)!;
    try {
      if (req.url === '/health') return void res.end('{"status":"ok"}');
      if (req.url === '/ready') return void res.end('{"status":"ready"}');
      if (req.url === '/v1/verse/transcribe') {
        state.transcribeRequests++;
        if (gate) await gate;
        await cost();
        const out = await engine.transcribe({
          audioKey: body.audio_key,
          language,
          romanisation: body.romanisation ?? 'standard',
        });
        return void res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(out));
      }
      if (req.url === '/v1/verse/align') {
        await cost();
        const out = await engine.align({
          audioKey: body.audio_key,
          language,
          lines: body.lines,
          wordLevel: body.word_level,
        });
        return void res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(out));
      }
      res.writeHead(404).end();
    } catch (error) {
      res.writeHead(500).end(String(error));
    }
  });
  await new Promise<void>((r) => server.listen(options.port ?? 0, '127.0.0.1', r));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    engine,
    get transcribeRequests() {
      return state.transcribeRequests;
    },
    hold() {
      let release!: () => void;
      gate = new Promise((r) => {
        release = r;
      });
      return () => {
        gate = null;
        release();
      };
    },
    close: () =>
      new Promise((r) => {
        server.closeAllConnections();
        server.close(() => r());
      }),
  };
}
