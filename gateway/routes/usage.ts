/** GET /usage: the caller's all-time usage record. */
import type { FastifyInstance } from 'fastify';
import type { UsageStore } from '../../core/ports/usage.ts';
import { principalOf } from '../types.ts';
import { AUTHENTICATED_ERRORS, ref } from './schemas.ts';

export default async function usageRoutes(app: FastifyInstance, options: { usage: UsageStore }): Promise<void> {
  app.get(
    '/usage',
    {
      config: { meter: 'read' },
      schema: {
        summary: "The organisation's usage (all time)",
        description:
          'Each total counts a job once. A job change reaches the totals moments after it is visible on the ' +
          'job, so a read made the instant a job turns complete may not count it yet.',
        tags: ['account'],
        security: [{ bearer: [] }],
        response: { 200: ref('usage.json'), ...AUTHENTICATED_ERRORS },
      },
    },
    async (request) => options.usage.get(principalOf(request).org.org_id),
  );
}
