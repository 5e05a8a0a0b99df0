/** Runs `verse serve` (gateway + every processor) as a child process tree for end-to-end tests. */
import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { createWriteStream, mkdirSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { inject } from 'vitest';

const VERSE = path.resolve(import.meta.dirname, '../../bin/verse');
const run = promisify(execFile);
/** Each service's whole log, kept after the run: `make test` prints its errors when a test fails. */
const LOG_DIR = path.resolve(import.meta.dirname, '../../var/test/services');

export interface RunningService {
  baseUrl: string;
  env: NodeJS.ProcessEnv;
  process: ChildProcess;
  output: () => string;
  stop(): Promise<number | null>;
  verse(...args: string[]): Promise<Record<string, unknown>>;
}

export async function startService(
  namespace: string,
  port: number,
  extraEnv: Record<string, string> = {},
): Promise<RunningService> {
  const env = {
    ...process.env,
    ...inject('infraEnv'),
    VERSE_NAMESPACE: namespace,
    VERSE_PORT: String(port),
    ...extraEnv,
  };
  await run(VERSE, ['migrate'], { env });
  const child = spawn(VERSE, ['serve', '--port', String(port)], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  let log = '';
  mkdirSync(LOG_DIR, { recursive: true });
  const logFile = createWriteStream(path.join(LOG_DIR, `${namespace}.log`), { flags: 'a' });
  for (const stream of [child.stdout, child.stderr])
    stream?.on('data', (d) => {
      log += d;
      logFile.write(d);
    });
  child.once('exit', () => logFile.end());
  const baseUrl = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`verse serve exited ${child.exitCode}:\n${log.slice(-3000)}`);
    try {
      if ((await fetch(`${baseUrl}/api/v1/health`)).status === 200) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`verse serve not healthy in 90 s:\n${log.slice(-3000)}`);
    await new Promise((r) => setTimeout(r, 500));
  }
  return {
    baseUrl,
    env,
    process: child,
    output: () => log,
    stop: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null) return resolve(child.exitCode);
        child.once('exit', (code) => resolve(code));
        child.kill('SIGTERM');
      }),
    verse: async (...args) => JSON.parse((await run(VERSE, args, { env })).stdout),
  };
}
