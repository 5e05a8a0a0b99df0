/** What routes declare in their `config`, and what the auth plugin attaches to a request. */
import type { FastifyRequest } from 'fastify';
import type { MeterName } from '../core/meters.ts';
import type { MeterResult } from '../core/ports/meter.ts';
import type { Principal } from '../core/tenancy.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** false for the few public routes (languages, health, the withdrawn /align). Default: required. */
    auth?: boolean;
    /** The meter this route draws from; every authenticated route draws from one. */
    meter?: MeterName;
    /** How many units a request costs (a batch of N costs N). Default 1. */
    cost?: (request: FastifyRequest) => number;
    /** A capability the caller's key scope and plan must include. */
    requires?: 'alignment';
  }
  interface FastifyRequest {
    principal: Principal | null;
    /**
     * Set while the principal was served from kept credentials and is not yet confirmed
     * (plugins/auth.ts): the organisation version they were kept under, and how to read the
     * principal again (refusing the key with 401).
     */
    unconfirmed: { version: number; confirm: () => Promise<void> } | null;
    metered: { meter: MeterName; cost: number; result: MeterResult } | null;
  }
}

/** The authenticated caller; routes with auth enabled may rely on it being set. */
export function principalOf(request: FastifyRequest): Principal {
  if (!request.principal) throw new Error('route used principalOf() without authentication');
  return request.principal;
}
