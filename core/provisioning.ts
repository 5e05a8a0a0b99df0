/** Issues organisations and keys. The plain API key and webhook secret exist only in the return value. */
import { randomUUID } from 'node:crypto';
import type { RomanisationForm } from './jobs/submission.ts';
import { generateApiKey, generateWebhookSecret, hashApiKey, randomId } from './secrets.ts';
import type { OrganisationStore, Plan, Scope } from './tenancy.ts';

export interface IssuedKey {
  org_id: string;
  key_id: string;
  api_key: string;
  webhook_secret: string;
  scope: Scope;
}

export interface CreatedOrganisation extends IssuedKey {
  name: string;
  plan: Plan;
  credits: number;
}

export async function issueKey(
  store: OrganisationStore,
  orgId: string,
  scope: Scope,
  options: { expiresAt?: Date | null } = {},
): Promise<IssuedKey> {
  if (!(await store.getOrganisation(orgId))) throw new Error(`no organisation ${orgId}`);
  const apiKey = generateApiKey();
  const record = {
    key_id: randomId('key'),
    key_hash: hashApiKey(apiKey),
    org_id: orgId,
    scope,
    webhook_secret: generateWebhookSecret(),
    status: 'active' as const,
    created_at: new Date(),
    expires_at: options.expiresAt ?? null,
    revoked_at: null,
  };
  await store.createKey(record, apiKey.slice(0, 16));
  return { org_id: orgId, key_id: record.key_id, api_key: apiKey, webhook_secret: record.webhook_secret, scope };
}

export async function createOrganisation(
  store: OrganisationStore,
  input: { name: string; plan: Plan; credits: number; scope?: Scope; romanisation?: RomanisationForm },
): Promise<CreatedOrganisation> {
  const orgId = `org_${randomUUID().replaceAll('-', '').slice(0, 20)}`;
  await store.createOrganisation({
    org_id: orgId,
    name: input.name,
    plan: input.plan,
    credits: input.credits,
    limits: {},
    romanisation: input.romanisation ?? 'standard',
    created_at: new Date(),
  });
  const key = await issueKey(store, orgId, input.scope ?? 'all');
  return { ...key, name: input.name, plan: input.plan, credits: input.credits };
}
