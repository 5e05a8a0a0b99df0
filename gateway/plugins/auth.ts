/**
 * Bearer-key authentication and key scopes. Runs on onRequest, before any body is read, so an
 * unauthenticated upload is refused without being received. Sets request.principal.
 *
 * A metered request without a body (GET, HEAD) may be served from credentials the gateway keeps
 * (KeptCredentials) without reading anything: the meter then confirms their version in the round
 * trip that meters the request (gateway/plugins/meters.ts), and request.unconfirmed is set until
 * it has. Whatever refuses such a request first confirms it (the errors plugin), so a
 * revoked key still hears 401 before anything else, exactly as if it had been checked here.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { apiError } from '../../core/errors.ts';
import { hashApiKey, isWellFormedApiKey } from '../../core/secrets.ts';
import {
  type KeptCredentials,
  type KeyWithOrganisation,
  keyIsUsable,
  type OrganisationStore,
  type Principal,
} from '../../core/tenancy.ts';

export interface AuthOptions {
  orgs: OrganisationStore;
  /** Credentials kept in memory; absent, every request reads (or confirms) them here. */
  kept?: KeptCredentials;
}

/** Methods whose requests carry no body to be received before the meter confirms the caller. */
const BODYLESS = new Set(['GET', 'HEAD']);

function keyHashFrom(header: string | undefined): string {
  if (!header) throw apiError('AUTH_001', 'missing_header');
  const match = /^Bearer ([^\s]+)$/.exec(header.trim());
  if (!match?.[1]) throw apiError('AUTH_001', 'malformed_header');
  if (!isWellFormedApiKey(match[1])) throw apiError('AUTH_001', 'invalid_key');
  return hashApiKey(match[1]);
}

function principalFrom(found: KeyWithOrganisation | null): Principal {
  if (!found) throw apiError('AUTH_001', 'invalid_key');
  if (!keyIsUsable(found.key, new Date())) throw apiError('AUTH_001', 'inactive_key');
  if (!found.org) throw apiError('AUTH_001', 'invalid_key');
  return { org: found.org, key: found.key };
}

async function authenticate(orgs: OrganisationStore, keyHash: string): Promise<Principal> {
  return principalFrom(await orgs.findKeyWithOrganisation(keyHash));
}

export default fp<AuthOptions>(
  async (app: FastifyInstance, { orgs, kept }) => {
    app.decorateRequest('principal', null);
    app.decorateRequest('unconfirmed', null);

    app.addHook('onRequest', async (request: FastifyRequest) => {
      const config = request.routeOptions.config;
      // Unknown routes carry no config; they fall through to the 404/405 handler.
      if (!request.routeOptions.url || config.auth === false) return;
      const keyHash = keyHashFrom(request.headers.authorization);
      const held = kept && config.meter && BODYLESS.has(request.method) ? kept.kept(keyHash) : null;
      if (held) {
        request.principal = principalFrom(held.found);
        request.unconfirmed = {
          version: held.version,
          confirm: async () => {
            request.unconfirmed = null;
            request.principal = null;
            request.principal = await authenticate(orgs, keyHash);
          },
        };
      } else {
        request.principal = await authenticate(orgs, keyHash);
      }
      if (config.requires === 'alignment' && request.principal.key.scope === 'transcript-only') {
        throw apiError('AUTH_002', 'transcript_only_alignment');
      }
    });
  },
  { name: 'verse-auth', dependencies: ['verse-errors'] },
);
