/**
 * Loads the JSON Schemas at run time: API schemas for fastify (validation, serialisation and the
 * OpenAPI document) and topic schemas for the schema registry.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

export interface JsonSchema {
  $id: string;
  title?: string;
  [key: string]: unknown;
}

function load(folder: string): JsonSchema[] {
  const dir = path.join(import.meta.dirname, folder);
  return readdirSync(dir)
    .filter((f) => f.endsWith('.json'))
    .sort()
    .map((f) => JSON.parse(readFileSync(path.join(dir, f), 'utf8')) as JsonSchema);
}

export const apiSchemas: readonly JsonSchema[] = load('api');
export const topicSchemas: readonly JsonSchema[] = load('topics');

export function topicSchema(id: string): JsonSchema {
  const schema = topicSchemas.find((s) => s.$id === id);
  if (!schema) throw new Error(`no topic schema ${id}`);
  return schema;
}
