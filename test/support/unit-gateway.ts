/** A gateway on in-memory doubles, for unit tests of routing, auth, meters and error rendering. */
import type { FastifyInstance } from 'fastify';
import { loadConfig } from '../../core/config.ts';
import { createLogger } from '../../core/logger.ts';
import { createOrganisation } from '../../core/provisioning.ts';
import type { Plan, Scope } from '../../core/tenancy.ts';
import { buildGateway } from '../../gateway/app.ts';
import type { ComponentName, Probe } from '../../gateway/health.ts';
import { MemoryMeter } from '../doubles/meter.ts';
import { MemoryOrganisationStore } from '../doubles/organisations.ts';
import { MemoryUsageStore } from '../doubles/usage.ts';

export const upProbes: Record<ComponentName, Probe> = {
  kafka: async () => {},
  cassandra: async () => {},
  redis: async () => {},
  schema_registry: async () => {},
  engine: async () => {},
};

export async function unitGateway(
  options: { probes?: Partial<Record<ComponentName, Probe>>; extraRoutes?: (app: FastifyInstance) => void } = {},
) {
  const orgs = new MemoryOrganisationStore();
  const usage = new MemoryUsageStore();
  const meter = new MemoryMeter();
  const app = await buildGateway({
    config: loadConfig({ VERSE_MODE: 'development', VERSE_LOG_LEVEL: 'silent' }),
    logger: createLogger('silent', 'unit'),
    orgs,
    usage,
    meter,
    probes: { ...upProbes, ...options.probes },
    jobServices: null,
  });
  options.extraRoutes?.(app);
  await app.ready();
  const org = async (opts: { plan?: Plan; scope?: Scope; credits?: number } = {}) => {
    const created = await createOrganisation(orgs, {
      name: 'unit',
      plan: opts.plan ?? 'full',
      credits: opts.credits ?? 10,
      scope: opts.scope,
    });
    return { ...created, auth: { authorization: `Bearer ${created.api_key}` } };
  };
  return { app, orgs, usage, meter, org };
}
