/**
 * Generates TypeScript types from every JSON Schema under schemas/api, schemas/topics and
 * schemas/engine (the speech engine's HTTP contract, which the engine's tests check its answers
 * against) into schemas/generated (git-ignored; `make` runs this before type-checking and starting).
 * Types are never written by hand: change the schema, re-run, and the compiler shows every use.
 */
import { mkdir, readdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { compileFromFile } from 'json-schema-to-typescript';

const root = import.meta.dirname;
const banner =
  '/* Generated from schemas/ by schemas/generate.ts. Do not edit: change the schema and run `npm run gen:types`. */';

async function generate(folder: 'api' | 'topics' | 'engine'): Promise<string[]> {
  const source = path.join(root, folder);
  const target = path.join(root, 'generated', folder);
  await mkdir(target, { recursive: true });
  const files = (await readdir(source)).filter((f) => f.endsWith('.json')).sort();
  for (const file of files) {
    const ts = await compileFromFile(path.join(source, file), {
      cwd: source,
      bannerComment: banner,
      additionalProperties: false,
      strictIndexSignatures: true,
      style: { singleQuote: true },
      declareExternallyReferenced: true,
    });
    await writeFile(path.join(target, file.replace(/\.json$/, '.ts')), ts);
  }
  return files;
}

await rm(path.join(root, 'generated'), { recursive: true, force: true });
const api = await generate('api');
const topics = await generate('topics');
const engine = await generate('engine');
console.log(
  `generated types for ${api.length} API schemas, ${topics.length} topic schemas and ${engine.length} engine schemas`,
);
