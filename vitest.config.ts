import { defineConfig } from 'vitest/config';

// Tests are local runs: development mode (core/config.ts), also for the service processes they start.
process.env.VERSE_MODE ??= 'development';

// Projects mirror the test pyramid. unit: no I/O. integration: real Kafka, Cassandra, Redis, schema
// registry (started by ops/ or, where Docker exists, testcontainers). e2e: the whole service as a
// process tree. browser: pages in Debian's Chromium. bench: on demand only (`make bench`).
const withInfra = { globalSetup: ['test/support/global-setup.ts'] };

export default defineConfig({
  test: {
    passWithNoTests: true,
    projects: [
      { test: { name: 'unit', include: ['test/unit/**/*.test.ts'] } },
      {
        test: {
          name: 'integration',
          include: ['test/integration/**/*.test.ts'],
          ...withInfra,
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['test/e2e/**/*.test.ts'],
          ...withInfra,
          testTimeout: 300_000,
          hookTimeout: 180_000,
          fileParallelism: false,
        },
      },
      // The broken world: stalls, resets, trickles, bombs, retries at the wrong moment. Loopback only.
      {
        test: {
          name: 'hostile',
          include: ['test/hostile/**/*.test.ts'],
          ...withInfra,
          testTimeout: 240_000,
          hookTimeout: 120_000,
        },
      },
      { test: { name: 'browser', include: ['test/browser/**/*.test.ts'], ...withInfra, testTimeout: 120_000 } },
      // Restarts the shared Kafka broker: run alone, after the others (`make test` does).
      {
        test: {
          name: 'faults',
          include: ['test/faults/**/*.test.ts'],
          ...withInfra,
          testTimeout: 600_000,
          hookTimeout: 180_000,
        },
      },
      // A three-node cluster of every store (ops/cluster.sh, started by `make test-cluster`), killed node by node.
      {
        test: {
          name: 'cluster',
          include: ['test/cluster/**/*.test.ts'],
          testTimeout: 1_200_000,
          hookTimeout: 300_000,
        },
      },
      // The images, built and started by `make test-containers` (ops/containers.sh), one song through them.
      {
        test: {
          name: 'containers',
          include: ['test/containers/**/*.test.ts'],
          testTimeout: 600_000,
        },
      },
      { test: { name: 'bench', include: ['test/bench/**/*.bench.test.ts'], ...withInfra, testTimeout: 3_600_000 } },
    ],
  },
});
