/** Readiness of each dependency, probed in parallel with a short timeout. */
import type { ComponentHealth, Health } from '../schemas/generated/api/health.ts';

export type ComponentName = keyof Health['components'];
export type Probe = () => Promise<void>;

const TIMEOUT_MS = 2000;

async function probe(check: Probe): Promise<ComponentHealth> {
  const started = performance.now();
  let timer: NodeJS.Timeout | undefined;
  try {
    await Promise.race([
      check(),
      new Promise((_, reject) => {
        timer = setTimeout(() => reject(new Error(`no answer within ${TIMEOUT_MS} ms`)), TIMEOUT_MS);
      }),
    ]);
    return { status: 'up', latency_ms: Math.round(performance.now() - started) };
  } catch (error) {
    return { status: 'down', error: error instanceof Error ? error.message : String(error) };
  } finally {
    clearTimeout(timer);
  }
}

export async function checkHealth(version: string, probes: Record<ComponentName, Probe>): Promise<Health> {
  const names = Object.keys(probes) as ComponentName[];
  const results = await Promise.all(names.map((n) => probe(probes[n])));
  const components = Object.fromEntries(names.map((n, i) => [n, results[i]])) as Health['components'];
  const ok = results.every((r) => r.status === 'up');
  return { status: ok ? 'ok' : 'degraded', version, components };
}
