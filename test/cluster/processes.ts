/**
 * The cluster's processes, as the test sees them: store nodes run by ops/cluster.sh (killed and
 * started by name), and Verse's own processes (gateways, engine hosts, processor members) spawned
 * here so that the test can SIGKILL any one of them.
 */
import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { createWriteStream, mkdirSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';

const ROOT = path.resolve(import.meta.dirname, '../..');
const VERSE = path.join(ROOT, 'bin/verse');
const CLUSTER = path.join(ROOT, 'ops/cluster.sh');
const LOGS = path.join(ROOT, 'var/cluster/log');
const run = promisify(execFile);

/** VERSE_ settings that point Verse at the cluster (ops/cluster.sh env). */
export async function clusterEnv(): Promise<Record<string, string>> {
  const { stdout } = await run(CLUSTER, ['env']);
  const env: Record<string, string> = {};
  for (const match of stdout.matchAll(/^export (\w+)="?([^"\n]*)"?$/gm)) env[match[1]!] = match[2]!;
  return env;
}

export async function clusterNode(action: 'kill' | 'start', node: string): Promise<void> {
  await run(CLUSTER, [action, node]);
}

/** The Redis node the Sentinels now name primary. */
export async function redisPrimary(): Promise<string> {
  const { stdout } = await run('redis-cli', ['-p', '26379', 'sentinel', 'get-master-addr-by-name', 'verse']);
  return stdout.includes('16380') ? 'redis-replica' : 'redis-primary';
}

/**
 * Waits until every Sentinel is out of TILT and sees the primary with its replica and the other
 * Sentinels. A Sentinel whose timer stalled (a loaded 2-core machine does that) stays in TILT for
 * 30 s and acts on nothing meanwhile: a primary killed then waits out the TILT before its failover,
 * which measures the machine, not the failover.
 */
export async function sentinelsSettled(timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  const settled = async (port: string) => {
    const { stdout } = await run('redis-cli', ['-p', port, 'info', 'sentinel']).catch(() => ({ stdout: '' }));
    return /sentinel_tilt:0/.test(stdout) && /status=ok,address=[^,]+,slaves=1,sentinels=3/.test(stdout);
  };
  while (!(await Promise.all(['26379', '26380', '26381'].map(settled))).every(Boolean)) {
    if (Date.now() > deadline) throw new Error(`the Sentinels did not settle within ${timeoutMs / 1000} s`);
    await new Promise((r) => setTimeout(r, 500));
  }
}

export class VerseProcesses {
  private readonly children = new Map<string, { args: string[]; child: ChildProcess }>();

  constructor(private readonly env: NodeJS.ProcessEnv) {
    mkdirSync(LOGS, { recursive: true });
  }

  /**
   * Starts a process by name: `gateway-1` (port 18001), `engine-1` (the stand-in, 18091), `engine-2`
   * (the real engine, 18092), `transcription-1`…
   */
  start(name: string): ChildProcess {
    const args = this.argsOf(name);
    const log = createWriteStream(path.join(LOGS, `${name}.log`), { flags: 'a' });
    // The real engine queues what its one slot cannot take yet, rather than answering busy: the test
    // wants a few songs through it, where a busy answer sends the retry to the other host.
    // Processor members log each message they take (info, with its job id), so that a job that did
    // not finish can be followed through the logs afterwards.
    const env =
      name === 'engine-2'
        ? { ...this.env, VERSE_ENGINE_QUEUE: '64' }
        : /^(gateway|engine)-/.test(name)
          ? this.env
          : { ...this.env, VERSE_LOG_LEVEL: 'info' };
    const child = spawn(args[0]!, args.slice(1), { env, stdio: ['ignore', 'pipe', 'pipe'], cwd: ROOT });
    child.stdout?.pipe(log);
    child.stderr?.pipe(log);
    this.children.set(name, { args, child });
    return child;
  }

  private argsOf(name: string): string[] {
    const [kind, n] = name.split(/-(?=\d+$)/) as [string, string];
    if (kind === 'gateway') return [VERSE, 'gateway', '--port', String(18000 + Number(n))];
    if (name === 'engine-2')
      return [
        path.join(ROOT, 'engine/.venv/bin/uvicorn'),
        'verse_engine.service.app:app',
        '--app-dir',
        path.join(ROOT, 'engine'),
        '--host',
        '127.0.0.1',
        '--port',
        '18092',
        '--log-level',
        'info',
      ];
    if (kind === 'engine')
      return [
        process.execPath,
        '--import',
        path.join(ROOT, 'node_modules/tsx/dist/loader.mjs'),
        path.join(ROOT, 'test/cluster/stand-in-engine.ts'),
        String(18090 + Number(n)),
      ];
    return [VERSE, 'processor', kind];
  }

  names(): string[] {
    return [...this.children.keys()];
  }

  kill(name: string): Promise<void> {
    const entry = this.children.get(name);
    if (!entry || entry.child.exitCode !== null || entry.child.signalCode !== null) return Promise.resolve();
    return new Promise((resolve) => {
      entry.child.once('exit', () => resolve());
      entry.child.kill('SIGKILL');
    });
  }

  alive(name: string): boolean {
    const entry = this.children.get(name);
    return entry !== undefined && entry.child.exitCode === null && entry.child.signalCode === null;
  }

  async stopAll(): Promise<void> {
    await Promise.all(this.names().map((n) => this.kill(n)));
  }
}

export async function verseCli(env: NodeJS.ProcessEnv, ...args: string[]): Promise<Record<string, unknown>> {
  return JSON.parse((await run(VERSE, args, { env, cwd: ROOT })).stdout);
}

/** Waits until url answers 200, up to timeoutMs. */
export async function answers(url: string, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      if ((await fetch(url, { signal: AbortSignal.timeout(2000) })).status === 200) return;
    } catch {
      // not up yet
    }
    if (Date.now() > deadline) throw new Error(`${url} did not answer 200 within ${timeoutMs / 1000} s`);
    await new Promise((r) => setTimeout(r, 500));
  }
}
