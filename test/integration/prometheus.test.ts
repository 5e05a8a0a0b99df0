/**
 * The operators' kit, checked by the real tools: promtool validates ops/monitoring/alerts.yml, and a
 * real Prometheus (Debian's, ops/prometheus.sh) scrapes a live gateway's /metrics and the running
 * speech engine's /metrics, and evaluates every rule without an error; the rules and the dashboard
 * name only series the platform really exports.
 */
import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Platform } from '../../ops/platform.ts';
import { eventually } from '../support/pipeline.ts';
import { connectTestPlatform, testGateway } from '../support/platform.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');
const RULES = path.join(ROOT, 'ops/monitoring/alerts.yml');
const run = promisify(execFile);
const PROMETHEUS_PORT = 19090;

let platform: Platform;
let app: FastifyInstance;
let prometheus: ChildProcess | undefined;
let prometheusLog = '';

beforeAll(async () => {
  platform = await connectTestPlatform();
  app = await testGateway(platform);
  await app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  prometheus?.kill('SIGTERM');
  await app?.close();
  await platform?.close();
});

interface RuleState {
  name: string;
  health: string;
  lastError?: string;
  lastEvaluation: string;
}

describe('monitoring', () => {
  it('promtool accepts the alerting rules', async () => {
    const { stdout } = await run('promtool', ['check', 'rules', RULES]);
    expect(stdout).toMatch(/SUCCESS: \d+ rules found/);
  });

  it('a real Prometheus scrapes the gateway and the engine and evaluates every rule without an error', async () => {
    const gateway = `127.0.0.1:${(app.server.address() as AddressInfo).port}`;
    const engine = new URL(platform.config.engineUrl).host;
    const dir = mkdtempSync(path.join(tmpdir(), 'verse-prometheus-'));
    writeFileSync(
      path.join(dir, 'prometheus.yml'),
      [
        'global: { scrape_interval: 1s, evaluation_interval: 1s }',
        `rule_files: ["${RULES}"]`,
        'scrape_configs:',
        `  - { job_name: verse-gateway, static_configs: [{ targets: ["${gateway}"] }] }`,
        `  - { job_name: verse-engine, static_configs: [{ targets: ["${engine}"] }] }`,
      ].join('\n'),
    );
    prometheus = spawn(
      'prometheus',
      [
        `--config.file=${path.join(dir, 'prometheus.yml')}`,
        `--storage.tsdb.path=${path.join(dir, 'data')}`,
        `--web.listen-address=127.0.0.1:${PROMETHEUS_PORT}`,
      ],
      { stdio: ['ignore', 'pipe', 'pipe'] },
    );
    prometheus.stderr?.on('data', (d) => (prometheusLog += d));
    const api = (p: string) =>
      fetch(`http://127.0.0.1:${PROMETHEUS_PORT}/api/v1/${p}`).then((r) => r.json() as Promise<{ data: never }>);

    const targets = await eventually(
      async () => {
        const { data } = await api('targets').catch(() => ({ data: null }));
        const active = (data as { activeTargets?: { health: string; scrapeUrl: string }[] } | null)?.activeTargets;
        return active?.length === 2 && active.every((t) => t.health === 'up') ? active : null;
      },
      45_000,
      'both targets scraped',
    ).catch((error) => {
      throw new Error(`${error}\n${prometheusLog.slice(-2000)}`);
    });
    expect(targets.map((t) => t.scrapeUrl).sort()).toEqual(
      [`http://${engine}/metrics`, `http://${gateway}/metrics`].sort(),
    );

    const rules = await eventually(
      async () => {
        const { data } = await api('rules');
        const all = (data as { groups: { rules: RuleState[] }[] }).groups.flatMap((g) => g.rules);
        return all.length > 0 && all.every((r) => !r.lastEvaluation.startsWith('0001-')) ? all : null;
      },
      30_000,
      'every rule evaluated',
    );
    const ruleCount = Number(
      /SUCCESS: (\d+) rules/.exec((await run('promtool', ['check', 'rules', RULES])).stdout)![1],
    );
    expect(rules).toHaveLength(ruleCount);
    expect(rules.filter((r) => r.health !== 'ok').map((r) => `${r.name}: ${r.lastError}`)).toEqual([]);
  }, 120_000);

  it('every series the rules and the dashboard name is one the gateway or the engine exports', async () => {
    await app.inject({ url: '/api/v1/languages' }); // so that the request series exist
    const scraped = [
      (await app.inject({ url: '/metrics' })).body,
      await (await fetch(`${platform.config.engineUrl}/metrics`)).text(),
    ].join('\n');
    const exported = new Set([...scraped.matchAll(/^# TYPE (verse_[a-z_]+) /gm)].map((m) => m[1]!));
    const base = (series: string) => series.replace(/_(bucket|count|sum)$/, '');
    const named = (text: string) => [...text.matchAll(/verse_[a-z_]+/g)].map((m) => base(m[0]));
    const dashboard = JSON.parse(readFileSync(path.join(ROOT, 'ops/monitoring/grafana-dashboard.json'), 'utf8')) as {
      panels: { title: string; targets: { expr: string }[] }[];
    };
    const used = [
      ...named(readFileSync(RULES, 'utf8')),
      ...dashboard.panels.flatMap((p) => p.targets.flatMap((t) => named(t.expr))),
    ];
    expect(used.length).toBeGreaterThan(10);
    expect([...new Set(used)].filter((series) => !exported.has(series))).toEqual([]);
  });
});
