/** A gateway on in-memory doubles, for unit tests of routing, auth, meters and error rendering. */
import type { FastifyInstance } from 'fastify';
import { VersionedOrganisationStore } from '../../core/app/versioned-organisations.ts';
import { loadConfig } from '../../core/config.ts';
import { createLogger } from '../../core/logger.ts';
import { createOrganisation } from '../../core/provisioning.ts';
import type { Plan, Scope } from '../../core/tenancy.ts';
import { buildGateway } from '../../gateway/app.ts';
import type { ComponentName, Probe } from '../../gateway/health.ts';
import { MemoryMeter } from '../doubles/meter.ts';
import { MemoryOrganisationStore } from '../doubles/organisations.ts';
import { MemoryVersions } from '../doubles/tenancy-versions.ts';
import { MemoryUsageStore } from '../doubles/usage.ts';

export const upProbes: Record<ComponentName, Probe> = {
  kafka: async () => {},
  cassandra: async () => {},
  redis: async () => {},
  schema_registry: async () => {},
  engine: async () => {},
};

export async function unitGateway(
  options: {
    probes?: Partial<Record<ComponentName, Probe>>;
    draining?: () => boolean;
    extraRoutes?: (app: FastifyInstance) => void;
    /** Keys and organisations kept under versions and confirmed by the meter, as in production. */
    kept?: boolean;
  } = {},
) {
  const orgs = new MemoryOrganisationStore();
  const usage = new MemoryUsageStore();
  const versions = new MemoryVersions();
  const versioned = new VersionedOrganisationStore(orgs, versions);
  // The meter checks the same versions; its checks are counted apart from authentication's reads.
  const meterVersions = { reads: 0 };
  const meter = new MemoryMeter(undefined, async (orgId) => {
    meterVersions.reads++;
    return versions.versions.get(orgId) ?? 0;
  });
  const app = await buildGateway({
    config: loadConfig({ VERSE_MODE: 'development', VERSE_LOG_LEVEL: 'silent' }),
    logger: createLogger('silent', 'unit'),
    orgs: options.kept ? versioned : orgs,
    keptCredentials: options.kept ? versioned : undefined,
    usage,
    meter,
    probes: { ...upProbes, ...options.probes },
    draining: options.draining,
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
  return { app, orgs, versioned, versions, meterVersions, usage, meter, org };
}
