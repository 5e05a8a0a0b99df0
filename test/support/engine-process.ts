/** A real speech engine (engine/.venv) as its own process, on its own port, with its own settings. */
import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '../..');

export interface EngineProcess {
  url: string;
  log(): string;
  /** Its Prometheus text (admission control and throughput). */
  metrics(): Promise<string>;
  stop(): void;
}

export async function startEngineProcess(options: {
  port: number;
  cwd?: string;
  env?: Record<string, string>;
}): Promise<EngineProcess> {
  const child: ChildProcess = spawn(
    path.join(ROOT, 'engine/.venv/bin/uvicorn'),
    ['verse_engine.service.app:app', '--host', '127.0.0.1', '--port', String(options.port), '--log-level', 'warning'],
    {
      cwd: options.cwd ?? path.join(ROOT, 'engine'),
      env: {
        ...process.env,
        VERSE_MODEL_DIR: path.join(ROOT, 'var/models'),
        PYTHONPATH: path.join(ROOT, 'engine'),
        ...options.env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let log = '';
  child.stdout?.on('data', (d) => (log += d));
  child.stderr?.on('data', (d) => (log += d));
  const url = `http://127.0.0.1:${options.port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the engine exited:\n${log.slice(-2000)}`);
    if (
      await fetch(`${url}/health`).then(
        (r) => r.ok,
        () => false,
      )
    )
      break;
    if (Date.now() > deadline) throw new Error(`the engine did not start:\n${log.slice(-2000)}`);
    await new Promise((r) => setTimeout(r, 500));
  }
  return {
    url,
    log: () => log,
    metrics: async () => (await fetch(`${url}/metrics`)).text(),
    stop: () => void child.kill('SIGTERM'),
  };
}
