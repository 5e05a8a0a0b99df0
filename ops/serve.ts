/**
 * Running the platform: the gateway, one processor, or everything as a supervised process tree
 * (one child per component, restarted if it dies, stopped gracefully on SIGTERM/SIGINT).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';
import type { Config } from '../core/config.ts';
import { loadConfig } from '../core/config.ts';
import { createLogger } from '../core/logger.ts';
import { buildGateway } from '../gateway/app.ts';
import { checkMigrations } from '../sinks/cassandra/migrate.ts';
import { checkTopics } from '../sinks/kafka/setup.ts';
import { connectPlatform } from './platform.ts';
import { PROCESSORS } from './processors.ts';

const VERSE_BIN = path.resolve(import.meta.dirname, '../bin/verse');

function onShutdown(fn: () => Promise<void>): void {
  let done = false;
  const handler = async (signal: string) => {
    if (done) return;
    done = true;
    await fn().catch(() => {});
    process.exit(signal === 'SIGINT' ? 130 : 0);
  };
  process.once('SIGTERM', () => void handler('SIGTERM'));
  process.once('SIGINT', () => void handler('SIGINT'));
}

export async function runGateway(config: Config): Promise<void> {
  const logger = createLogger(config.logLevel, 'gateway');
  // Production refuses topics with fewer replicas than configured, and a keyspace that lacks a
  // migration; development says so and goes on.
  await checkTopics(config, (msg) => logger.warn(msg));
  await checkMigrations(config, (msg) => logger.warn(msg));
  const platform = await connectPlatform(config, logger, 'verse-gateway');
  let draining = false;
  const app = await buildGateway({ ...platform, logger, draining: () => draining });
  await app.listen({ port: config.port, host: config.host });
  logger.info({ port: config.port, host: config.host }, 'gateway listening');
  onShutdown(async () => {
    // Not ready first, still serving: the load balancer's next health check takes the gateway out,
    // then close() refuses new connections and waits for the requests in flight.
    draining = true;
    logger.info({ drain_seconds: config.drainSeconds }, 'draining before stopping');
    await new Promise((resolve) => setTimeout(resolve, config.drainSeconds * 1000));
    await app.close();
    await platform.close();
  });
}

export async function runProcessor(config: Config, name: string): Promise<void> {
  const factory = PROCESSORS[name];
  if (!factory) throw new Error(`unknown processor ${name}; known: ${Object.keys(PROCESSORS).join(', ')}`);
  const logger = createLogger(config.logLevel, `processor-${name}`);
  // Production refuses topics with fewer replicas than configured, and a keyspace that lacks a
  // migration; development says so and goes on.
  await checkTopics(config, (msg) => logger.warn(msg));
  await checkMigrations(config, (msg) => logger.warn(msg));
  const platform = await connectPlatform(config, logger, `verse-${name}`);
  const running = await factory(platform);
  void running.failure.then((error) => {
    logger.fatal({ err: error }, 'processor stopped for good; exiting so that its supervisor restarts it');
    process.exit(1);
  });
  onShutdown(async () => {
    await running.stop();
    await platform.close();
  });
}

export async function serveAll(): Promise<void> {
  const config = loadConfig();
  const logger = createLogger(config.logLevel, 'supervisor');
  const components: string[][] = [['gateway'], ...Object.keys(PROCESSORS).map((n) => ['processor', n])];
  const children = new Map<string, ChildProcess>();
  let stopping = false;

  const start = (args: string[]) => {
    const name = args.join(' ');
    const child = spawn(VERSE_BIN, args, { stdio: 'inherit', env: process.env });
    children.set(name, child);
    child.on('exit', (code, signal) => {
      children.delete(name);
      if (stopping) return;
      logger.error({ component: name, code, signal }, 'component exited; restarting in 1 s');
      setTimeout(() => !stopping && start(args), 1000);
    });
  };
  for (const args of components) start(args);
  logger.info({ components: components.map((c) => c.join(' ')), port: config.port }, 'serving');

  onShutdown(async () => {
    stopping = true;
    const exits = [...children.values()].map((c) => new Promise((resolve) => c.once('exit', resolve)));
    for (const child of children.values()) child.kill('SIGTERM');
    await Promise.race([Promise.all(exits), new Promise((r) => setTimeout(r, 20000))]);
    for (const child of children.values()) child.kill('SIGKILL');
    // Waits for the killed ones too, so that they are reaped here and none is left behind as a zombie
    // (a container's init may never reap what an exiting supervisor leaves).
    await Promise.race([Promise.all(exits), new Promise((r) => setTimeout(r, 2000))]);
  });
}
