/**
 * Keeps the table of registered routes: unknown paths answer 404 and known paths with the wrong
 * method answer 405 (with Allow), both in the error shape. Tests enumerate routes through it.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import { apiError } from '../../core/errors.ts';
import { sendError } from './errors.ts';

export interface RouteEntry {
  method: string;
  url: string;
  auth: boolean;
  pattern: RegExp;
}

declare module 'fastify' {
  interface FastifyInstance {
    routeTable: RouteEntry[];
    /** Answers a request that matched no route: 405 when the path exists with another method, else 404. */
    unmatchedRoute(request: FastifyRequest, reply: FastifyReply): FastifyReply;
  }
}

function toPattern(url: string): RegExp {
  const escaped = url
    .split('/')
    .map((part) => (part.startsWith(':') ? '[^/]+' : part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
    .join('/');
  return new RegExp(`^${escaped}/?$`);
}

export default fp(
  async (app: FastifyInstance) => {
    const table: RouteEntry[] = [];
    app.decorate('routeTable', table);
    app.addHook('onRoute', (route: RouteOptions) => {
      const methods = Array.isArray(route.method) ? route.method : [route.method];
      for (const method of methods) {
        if (method === 'HEAD' || route.url.includes('*')) continue;
        table.push({ method, url: route.url, auth: route.config?.auth !== false, pattern: toPattern(route.url) });
      }
    });
    app.decorate('unmatchedRoute', (request: FastifyRequest, reply: FastifyReply) => {
      const path = request.url.split('?')[0] ?? '';
      const allowed = table.filter((r) => r.pattern.test(path)).map((r) => r.method);
      if (allowed.length > 0) {
        reply.header('Allow', [...new Set(allowed)].join(', '));
        return sendError(reply, apiError('METHOD_001', request.method, path));
      }
      return sendError(reply, apiError('ROUTE_001', request.method, path));
    });
    app.setNotFoundHandler((request, reply) => app.unmatchedRoute(request, reply));
  },
  { name: 'verse-routes' },
);
