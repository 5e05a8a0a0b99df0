/**
 * One error shape for every failure: ApiErrors render as they are; fastify's own errors (schema
 * validation, bad JSON, body too large, unsupported media type) map to their spec codes; anything
 * else is an internal failure reported as 503 SRV_001 with no internals leaked.
 */
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { ApiError, apiError, invalid } from '../../core/errors.ts';

function fromFastify(error: FastifyError): ApiError | null {
  if (error.validation) {
    const first = error.validation[0];
    const where = error.validationContext ?? 'request';
    const field = first?.instancePath ? first.instancePath.replace(/^\//, '').replaceAll('/', '.') : '';
    const missing = (first?.params as { missingProperty?: string } | undefined)?.missingProperty;
    const subject = missing ?? (field || where);
    return invalid(`Invalid ${where}: ${subject} ${first?.message ?? 'is invalid'}`.trim());
  }
  switch (error.code) {
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return invalid('Malformed JSON body');
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
    case 'FST_REQ_FILE_TOO_LARGE':
      return apiError('BODY_001', 'body');
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return apiError('MEDIA_001');
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
      return invalid('Content-Length does not match the body');
    default:
      break;
  }
  if (error instanceof SyntaxError) return invalid('Malformed JSON body');
  if (typeof error.statusCode === 'number' && error.statusCode >= 400 && error.statusCode < 500) {
    return invalid(error.message);
  }
  return null;
}

export function toApiError(error: unknown): { apiError: ApiError; internal: boolean } {
  if (error instanceof ApiError) return { apiError: error, internal: false };
  const mapped = fromFastify(error as FastifyError);
  if (mapped) return { apiError: mapped, internal: false };
  return {
    apiError: apiError('SRV_001'),
    internal: true,
  };
}

export function sendError(reply: FastifyReply, error: ApiError): FastifyReply {
  for (const [name, value] of Object.entries(error.headers)) reply.header(name, value);
  return reply.status(error.status).type('application/json; charset=utf-8').send(error.toBody());
}

/**
 * A request refused while its caller was served from kept credentials (plugins/auth.ts) confirms
 * them first: a key revoked since hears 401, whatever else was wrong with the request.
 */
async function confirmedFirst(request: FastifyRequest, error: unknown): Promise<unknown> {
  if (!request.unconfirmed) return error;
  try {
    await request.unconfirmed.confirm();
    return error;
  } catch (refusal) {
    return refusal;
  }
}

export default fp(
  async (app: FastifyInstance) => {
    app.setErrorHandler(async (thrown, request: FastifyRequest, reply) => {
      // A body that failed to parse on a request that matched no route is still a 404/405.
      if (request.is404 && 'unmatchedRoute' in app) return app.unmatchedRoute(request, reply);
      const error = await confirmedFirst(request, thrown);
      const { apiError, internal } = toApiError(error);
      if (internal) request.log.error({ err: error }, 'unhandled error');
      else if (apiError.cause !== undefined)
        request.log.warn({ err: apiError.cause, code: apiError.code }, 'request refused');
      if (apiError.code === 'SRV_001') reply.header('Retry-After', '5');
      return sendError(reply, apiError);
    });
  },
  { name: 'verse-errors' },
);
