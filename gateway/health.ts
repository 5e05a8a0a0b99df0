/**
 * Readiness of each dependency, probed in parallel with a short timeout. A gateway is ready while it
 * can serve: Cassandra (every request reads it) and Redis (every authenticated request is metered)
 * are up, and it is not draining. Kafka, the schema registry and the engine are reported but do not
 * take it out of its load balancer: a submission waits in the outbox for Kafka and the registry,
 * and reads need none of them; every gateway would leave together over one of them, serving no one.
 */
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

/** What a gateway cannot serve without. */
export const REQUIRED_FOR_READINESS: readonly ComponentName[] = ['cassandra', 'redis'];

export interface Readiness {
  health: Health;
  ready: boolean;
}

export async function checkHealth(version: string, probes: Record<ComponentName, Probe>): Promise<Readiness> {
  const names = Object.keys(probes) as ComponentName[];
  const results = await Promise.all(names.map((n) => probe(probes[n])));
  const components = Object.fromEntries(names.map((n, i) => [n, results[i]])) as Health['components'];
  const ok = results.every((r) => r.status === 'up');
  return {
    health: { status: ok ? 'ok' : 'degraded', version, components },
    ready: REQUIRED_FOR_READINESS.every((n) => components[n].status === 'up'),
  };
}
