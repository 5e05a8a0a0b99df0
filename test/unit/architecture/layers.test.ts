/**
 * The layers, checked on every import of the service's own code (README, "Layout"):
 * core (rules, ports, application services) imports only core and the generated schemas; sinks (the
 * adapters) add themselves; the entry points (gateway, processors) build on core, never on an
 * adapter, except the Kafka consumer loop (processors/runtime.ts); ops is the composition root.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '../../..');
const LAYERS = ['core', 'sinks', 'gateway', 'processors', 'ops', 'schemas'] as const;
type Layer = (typeof LAYERS)[number];

const MAY_IMPORT: Record<Exclude<Layer, 'ops'>, readonly Layer[]> = {
  schemas: ['schemas'],
  core: ['core', 'schemas'],
  sinks: ['sinks', 'core', 'schemas'],
  gateway: ['gateway', 'core', 'schemas'],
  processors: ['processors', 'core', 'schemas'],
};
/** Files allowed one crossing, and why. */
const EXCEPTIONS: Record<string, Layer> = {
  'processors/runtime.ts': 'sinks', // the Kafka consumer loop itself: topics and their layout
};

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (name === 'generated' || name === 'node_modules') return [];
    if (statSync(full).isDirectory()) return sources(full);
    return name.endsWith('.ts') ? [full] : [];
  });
}

function importsOf(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  return [...text.matchAll(/(?:from|import\()\s*'(\.[^']+)'/g)].map((m) => m[1]!);
}

describe('what may import what', () => {
  for (const layer of Object.keys(MAY_IMPORT) as (keyof typeof MAY_IMPORT)[]) {
    it(`${layer}/ imports only ${MAY_IMPORT[layer].join(', ')}`, () => {
      const crossings: string[] = [];
      for (const file of sources(path.join(ROOT, layer))) {
        const from = path.relative(ROOT, file);
        for (const spec of importsOf(file)) {
          const target = path.relative(ROOT, path.resolve(path.dirname(file), spec)).split(path.sep)[0] as Layer;
          if (!LAYERS.includes(target) || MAY_IMPORT[layer].includes(target)) continue;
          if (EXCEPTIONS[from] === target) continue;
          crossings.push(`${from} -> ${spec}`);
        }
      }
      expect(crossings).toEqual([]);
    });
  }
});
