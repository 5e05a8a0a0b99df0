/**
 * End users per organisation, keyed by the caller's external_id (spec, POST /transcribe end_user):
 * a later submission with the same external_id reuses the record and fills attributes it lacks
 * without overwriting; records are never merged by email.
 * Adapter: sinks/cassandra/end-users.ts.
 */

export interface EndUser {
  id: string;
  external_id: string;
  email?: string;
  name?: string;
}

export interface EndUserStore {
  upsert(orgId: string, input: { external_id: string; email?: string; name?: string }): Promise<EndUser>;
  byId(orgId: string, id: string): Promise<EndUser | null>;
  byExternalId(orgId: string, externalId: string): Promise<EndUser | null>;
}
