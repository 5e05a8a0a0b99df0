/**
 * The spec's rate meters. Every authenticated route draws from its meter in preHandler, after
 * authentication and validation, so malformed requests never reach the meter. A request that is
 * then rejected (any 4xx or 5xx), or answered as an idempotent replay of an earlier submission, has
 * its units refunded: it consumes nothing. The
 * draw also confirms credentials the auth plugin served as kept.
 * Every authenticated response carries the X-RateLimit-* headers of the meter it drew from.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { rateLimited } from '../../core/errors.ts';
import { answerConsumes, limitsFor, type MeterName, WINDOWS } from '../../core/meters.ts';
import type { Meter, MeterResult } from '../../core/ports/meter.ts';
import { REPLAY_HEADER } from '../jobs/idempotency.ts';
import { principalOf } from '../types.ts';

export interface MeterOptions {
  meter: Meter;
}

/** Rejected requests consume nothing (spec, Errors rule 5), and a replay is not a new submission. */
const consumedNothing = (reply: FastifyReply) =>
  !answerConsumes(reply.statusCode) || reply.getHeader(REPLAY_HEADER) === 'true';

const capitalised = { minute: 'Minute', hour: 'Hour', day: 'Day' } as const;

export function rateLimitHeaders(meterName: string, result: MeterResult): Record<string, string> {
  const headers: Record<string, string> = { 'X-RateLimit-Meter': meterName };
  for (const w of WINDOWS) {
    headers[`X-RateLimit-Limit-${capitalised[w.name]}`] = String(result.limits[w.name]);
    headers[`X-RateLimit-Remaining-${capitalised[w.name]}`] = String(result.remaining[w.name]);
  }
  return headers;
}

export default fp<MeterOptions>(
  async (app: FastifyInstance, { meter }) => {
    app.decorateRequest('metered', null);

    app.addHook('preHandler', async (request: FastifyRequest) => {
      const config = request.routeOptions.config;
      if (!request.principal || !config.meter) return;
      const cost = config.cost ? config.cost(request) : 1;
      const result = await consumeConfirmed(request, config.meter, cost);
      if (!result.allowed) {
        throw rateLimited(`the ${config.meter} meter`, result.retryAfter).with({
          extra: config.cost ? { jobs_requested: cost } : {},
          headers: rateLimitHeaders(config.meter, result),
        });
      }
      request.metered = { meter: config.meter, cost, result };
    });

    /**
     * Draws from the meter. Credentials served as kept are confirmed in the same call; if their
     * organisation has changed since, nothing is drawn, they are read again (a revoked key is
     * refused here) and the meter is drawn under what was read.
     */
    async function consumeConfirmed(request: FastifyRequest, name: MeterName, cost: number): Promise<MeterResult> {
      const unconfirmed = request.unconfirmed;
      if (unconfirmed) {
        const { org } = principalOf(request);
        const limits = limitsFor(name, org.limits);
        const result = await meter.consumeIfCurrent(org.org_id, name, cost, limits, unconfirmed.version);
        if (result) {
          request.unconfirmed = null;
          return result;
        }
        await unconfirmed.confirm();
      }
      const { org } = principalOf(request);
      return meter.consume(org.org_id, name, cost, limitsFor(name, org.limits));
    }

    app.addHook('onSend', async (request: FastifyRequest, reply: FastifyReply, payload) => {
      try {
        await reportHeadroom(request, reply);
      } catch (error) {
        // The answer is already decided; with Redis unreachable it simply goes without meter headers
        // (an error thrown here would replace it with a bare 500).
        request.log.warn({ err: error }, 'rate-limit headers omitted: the meter store did not answer');
      }
      return payload;
    });

    async function reportHeadroom(request: FastifyRequest, reply: FastifyReply): Promise<void> {
      const config = request.routeOptions.config;
      let metered = request.metered;
      if (!metered && request.principal && config?.meter && reply.statusCode !== 429) {
        // Authenticated but refused before drawing (validation, scope): report headroom without consuming.
        const limits = limitsFor(config.meter, request.principal.org.limits);
        const result = await meter.consume(request.principal.org.org_id, config.meter, 0, limits);
        metered = { meter: config.meter, cost: 0, result };
      }
      if (!metered) return;
      let result = metered.result;
      if (consumedNothing(reply) && metered.cost > 0 && request.principal) {
        await meter.refund(request.principal.org.org_id, metered.meter, metered.cost, result.at);
        const remaining = { ...result.remaining };
        for (const w of WINDOWS) remaining[w.name] = Math.min(result.limits[w.name], remaining[w.name] + metered.cost);
        result = { ...result, remaining };
      }
      for (const [name, value] of Object.entries(rateLimitHeaders(metered.meter, result))) reply.header(name, value);
    }
  },
  { name: 'verse-meters', dependencies: ['verse-auth'] },
);
