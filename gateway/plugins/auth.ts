/**
 * Bearer-key authentication and key scopes. Runs on onRequest, before any body is read, so an
 * unauthenticated upload is refused without being received. Sets request.principal.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { ApiError } from '../../core/errors.ts';
import { hashApiKey, isWellFormedApiKey } from '../../core/secrets.ts';
import { keyIsUsable, type OrganisationStore } from '../../core/tenancy.ts';

const unauthorized = (message: string) => new ApiError('AUTH_001', message);

export interface AuthOptions {
  orgs: OrganisationStore;
}

export async function authenticate(orgs: OrganisationStore, header: string | undefined) {
  if (!header) throw unauthorized('Missing Authorization header. Send Authorization: Bearer <API_KEY>.');
  const match = /^Bearer ([^\s]+)$/.exec(header.trim());
  if (!match?.[1]) throw unauthorized('Malformed Authorization header. Expected: Bearer <API_KEY>.');
  const key = match[1];
  if (!isWellFormedApiKey(key)) throw unauthorized('Invalid API key.');
  const found = await orgs.findKeyWithOrganisation(hashApiKey(key));
  if (!found) throw unauthorized('Invalid API key.');
  if (!keyIsUsable(found.key, new Date())) throw unauthorized('This API key is inactive or expired.');
  if (!found.org) throw unauthorized('Invalid API key.');
  return { org: found.org, key: found.key };
}

export default fp<AuthOptions>(
  async (app: FastifyInstance, { orgs }) => {
    app.decorateRequest('principal', null);
    app.addHook('onRequest', async (request: FastifyRequest) => {
      const config = request.routeOptions.config;
      // Unknown routes carry no config; they fall through to the 404/405 handler.
      if (!request.routeOptions.url || config.auth === false) return;
      request.principal = await authenticate(orgs, request.headers.authorization);
      if (config.requires === 'alignment' && request.principal.key.scope === 'transcript-only') {
        throw new ApiError(
          'AUTH_002',
          'This API key is provisioned for transcript-only use and cannot request alignment.',
        );
      }
    });
  },
  { name: 'verse-auth', dependencies: ['verse-errors'] },
);
