/**
 * Request validation: JSON bodies are validated strictly (a number is never accepted as a string),
 * while query strings and path parameters, which arrive as text, are coerced to their schema types.
 * Both compilers know every shared API schema so routes can $ref them.
 */
import { Ajv, type AnySchema } from 'ajv';
import addFormats from 'ajv-formats';
import type { FastifySchemaCompiler } from 'fastify';
import type { JsonSchema } from '../schemas/catalog.ts';

function ajvFor(coerce: boolean, shared: readonly JsonSchema[]): Ajv {
  const ajv = new Ajv({
    coerceTypes: coerce ? 'array' : false,
    removeAdditional: false,
    useDefaults: true,
    allErrors: false,
    strict: false,
  });
  addFormats.default(ajv);
  for (const schema of shared) ajv.addSchema(schema as AnySchema);
  return ajv;
}

export function validatorCompiler(shared: readonly JsonSchema[]): FastifySchemaCompiler<AnySchema> {
  const strict = ajvFor(false, shared);
  const coercing = ajvFor(true, shared);
  return ({ schema, httpPart }) => (httpPart === 'body' ? strict : coercing).compile(schema);
}
