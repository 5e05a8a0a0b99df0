/**
 * Completes the OpenAPI document that @fastify/swagger generates from the route schemas: operation
 * ids, the error codes of every error status with an example of each, example requests and answers,
 * the webhook events (as callbacks of the submissions that carry webhook_url) and tag descriptions.
 * Runs once per document build (swagger's transformObject), for /api/v1/openapi.json and /docs alike.
 */
import { ERROR_CODES, type ErrorCode } from '../../core/errors.ts';
import { type EventName, JOB_EVENTS } from '../../core/webhooks/payloads.ts';
import { DELIVERY_TIMEOUT_MS, MAX_ATTEMPTS, scheduleInWords } from '../../core/webhooks/schedule.ts';
import { webhookEvents } from './examples.ts';
import { AUTHENTICATED, type CodeNotes, OPERATIONS, type OperationDoc } from './operations.ts';

interface Media {
  schema?: unknown;
  example?: unknown;
  examples?: Record<string, { summary?: string; value: unknown }>;
}
interface Response {
  description: string;
  content?: Record<string, Media>;
}
interface Operation {
  operationId?: string;
  description?: string;
  security?: unknown[];
  requestBody?: { content?: Record<string, Media> };
  responses: Record<string, Response>;
  callbacks?: Record<string, unknown>;
}
export interface OpenApiDocument {
  paths: Record<string, Record<string, Operation>>;
  components: { schemas?: Record<string, unknown> };
  tags?: { name: string; description: string }[];
  [key: string]: unknown;
}

/** The withdrawn path answers every method alike; the document shows it once, as POST. */
const WITHDRAWN = '/api/v1/align';

const TAGS = [
  {
    name: 'jobs',
    description: 'Submitting songs (one, or a batch of up to 20 by URL), reading jobs and the change feed.',
  },
  {
    name: 'downloads',
    description: 'Timed lyrics: LRC, SRT and word-level JSON (and eLRC, VTT, TTML), original and romanised.',
  },
  { name: 'review', description: 'Approving a job held for a human before release.' },
  {
    name: 'webhooks',
    description: `Signed deliveries (Standard Webhooks: webhook-id, webhook-timestamp, webhook-signature) to the https webhook_url given at submission. Up to ${MAX_ATTEMPTS} attempts (${scheduleInWords()}), each with ${DELIVERY_TIMEOUT_MS / 1000} s to answer 2xx; then a dead letter you can list and replay. The event bodies are documented as callbacks of POST /transcribe and POST /batch.`,
  },
  { name: 'account', description: 'Usage of the calling organisation.' },
  { name: 'reference', description: 'The accepted languages (no authentication).' },
  { name: 'operations', description: 'Readiness (no authentication).' },
];

function codeList(codes: CodeNotes): string {
  return Object.entries(codes)
    .map(([code, when]) => `- \`${code}\`: ${when}`)
    .join('\n');
}

function errorExample(status: number, code: ErrorCode, when: string, operationId: string) {
  const value: Record<string, unknown> = { error: ERROR_CODES[code].error, message: when, code };
  if (status === 429) {
    value.retry_after = 37;
    if (operationId === 'submitBatch') value.jobs_requested = 20;
  }
  if (code === 'JOB_001') value.stage = 'transcription';
  return { summary: code, value };
}

function describeErrors(op: Operation, notes: OperationDoc): void {
  for (const [status, response] of Object.entries(op.responses)) {
    const n = Number(status);
    if (!(n >= 400) || notes.operationId === 'getHealth') continue;
    const codes = { ...AUTHENTICATED[n], ...notes.errors[n] };
    if (Object.keys(codes).length === 0) continue;
    response.description = codeList(codes);
    const media = response.content?.['application/json'];
    if (!media) continue;
    // Copies: the generator may share one media object between statuses or content types.
    response.content!['application/json'] = { ...media, examples: {} };
    response.content!['application/json'].examples = Object.fromEntries(
      Object.entries(codes).map(([code, when]) => [
        code,
        errorExample(n, code as ErrorCode, when as string, notes.operationId),
      ]),
    );
  }
}

function describeAnswers(op: Operation, notes: OperationDoc): void {
  for (const [status, answer] of Object.entries(notes.responses ?? {})) {
    const contentType = answer.contentType ?? 'application/json';
    op.responses[status] ??= { description: '' };
    const response = op.responses[status];
    if (answer.description) response.description = answer.description;
    response.content ??= {};
    const media = { ...response.content[contentType] };
    if (answer.schema && !media.schema) media.schema = answer.schema;
    response.content[contentType] = { ...media, example: answer.example };
  }
  const content = op.requestBody?.content;
  for (const [contentType, example] of Object.entries(notes.request ?? {})) {
    if (content?.[contentType]) content[contentType] = { ...content[contentType], example };
  }
}

/** The events a submission's webhook_url receives, as OpenAPI 3.0 callbacks. */
function webhookCallbacks(events: readonly EventName[]) {
  return {
    webhookEvents: {
      '{$request.body#/webhook_url}': {
        post: {
          summary: `Deliveries to webhook_url: ${events.join(', ')}`,
          // Authenticated the other way round: the receiver checks the signature headers.
          security: [],
          description: TAGS.find((t) => t.name === 'webhooks')!.description,
          requestBody: {
            required: true,
            content: {
              'application/json': {
                schema: { $ref: '#/components/schemas/WebhookEvent' },
                examples: Object.fromEntries(events.map((e) => [e, { summary: e, value: webhookEvents[e] }])),
              },
            },
          },
          responses: {
            '200': { description: 'Any 2xx within the deadline counts as delivered' },
            '4XX': { description: 'Not delivered: retried on the schedule above, then kept as a dead letter' },
          },
        },
      },
    },
  };
}

export function describeApi(doc: OpenApiDocument): OpenApiDocument {
  for (const [path, item] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(item)) {
      if (path === WITHDRAWN && method !== 'post') {
        delete item[method];
        continue;
      }
      const notes = OPERATIONS[`${method.toUpperCase()} ${path}`];
      if (!notes) continue; // the document's test names it
      op.operationId = notes.operationId;
      if (notes.description) op.description = notes.description;
      // No security requirement stated means the document's default; these need none.
      op.security ??= [];
      describeErrors(op, notes);
      describeAnswers(op, notes);
    }
  }
  const submit = doc.paths['/api/v1/transcribe']?.post;
  if (submit) submit.callbacks = webhookCallbacks(JOB_EVENTS);
  const batch = doc.paths['/api/v1/batch']?.post;
  if (batch) batch.callbacks = webhookCallbacks([...JOB_EVENTS, 'batch.complete']);
  // common.json is only a container of shared definitions, each published on its own.
  if (doc.components.schemas) delete doc.components.schemas.Common;
  doc.tags = TAGS;
  return doc;
}
