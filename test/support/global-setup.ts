/**
 * Runs once per test run for the projects that need infrastructure: finds it (or starts it in
 * Docker), then migrates the `verse_test` namespace (keyspace, topics, schemas) so tests never touch
 * the data of a running `make up`.
 */
import type { TestProject } from 'vitest/node';
import { loadConfig } from '../../core/config.ts';
import { migrateCassandra } from '../../sinks/cassandra/migrate.ts';
import { ensureTopics, registerSchemas } from '../../sinks/kafka/setup.ts';
import { dockerAvailable, type InfraEnv, servicesAnswer, startContainers } from './infrastructure.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    infraEnv: InfraEnv;
  }
}

export const TEST_NAMESPACE = 'verse_test';

export default async function setup(project: TestProject) {
  let env: InfraEnv = {};
  let stop: (() => Promise<void>) | undefined;
  const mode = process.env.VERSE_TEST_INFRA ?? 'auto';
  if (mode === 'containers' || (mode === 'auto' && !(await servicesAnswer(process.env)))) {
    if (!dockerAvailable()) {
      throw new Error(
        'Kafka, Cassandra, Redis or the schema registry does not answer and no Docker engine is available. Run `ops/infra.sh up` (make test does).',
      );
    }
    ({ env, stop } = await startContainers());
  }
  const config = loadConfig({ ...process.env, ...env, VERSE_NAMESPACE: TEST_NAMESPACE });
  await migrateCassandra(config);
  await ensureTopics(config);
  await registerSchemas(config);
  project.provide('infraEnv', env);
  return async () => {
    await stop?.();
  };
}
