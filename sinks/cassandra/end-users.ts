/**
 * End users per organisation, keyed by the caller's external_id. A later submission with the same
 * external_id reuses the record and fills attributes it lacks without overwriting; records are
 * never merged by email.
 */
import type { EndUser, EndUserStore } from '../../core/ports/end-users.ts';
import { randomId } from '../../core/secrets.ts';
import type { CassandraClient } from './client.ts';

const toEndUser = (row: Record<string, unknown>): EndUser => ({
  id: row.id as string,
  external_id: row.external_id as string,
  ...(row.email ? { email: row.email as string } : {}),
  ...(row.name ? { name: row.name as string } : {}),
});

export class CassandraEndUserStore implements EndUserStore {
  constructor(private readonly db: CassandraClient) {}

  async upsert(orgId: string, input: { external_id: string; email?: string; name?: string }): Promise<EndUser> {
    const id = randomId('eu');
    const created = await this.db.execute(
      'INSERT INTO end_users (org_id, external_id, id, email, name, created_at) VALUES (?, ?, ?, ?, ?, ?) IF NOT EXISTS',
      [orgId, input.external_id, id, input.email ?? null, input.name ?? null, new Date()],
    );
    if (created.wasApplied()) {
      await this.db.execute('INSERT INTO end_users_by_id (org_id, id, external_id) VALUES (?, ?, ?)', [
        orgId,
        id,
        input.external_id,
      ]);
    } else {
      // Fill only what is missing; a concurrent fill of the same attribute keeps the first value.
      for (const attribute of ['email', 'name'] as const) {
        const value = input[attribute];
        if (value === undefined) continue;
        await this.db.execute(
          `UPDATE end_users SET ${attribute} = ? WHERE org_id = ? AND external_id = ? IF ${attribute} = null`,
          [value, orgId, input.external_id],
        );
      }
    }
    const row = (
      await this.db.execute('SELECT * FROM end_users WHERE org_id = ? AND external_id = ?', [orgId, input.external_id])
    ).first();
    if (!row) throw new Error('end user vanished after upsert');
    if (!created.wasApplied()) {
      // The by-id row may be missing if the first writer crashed between its two inserts.
      await this.db.execute('INSERT INTO end_users_by_id (org_id, id, external_id) VALUES (?, ?, ?)', [
        orgId,
        row.id,
        input.external_id,
      ]);
    }
    return toEndUser(row);
  }

  async byId(orgId: string, id: string): Promise<EndUser | null> {
    const ref = (
      await this.db.execute('SELECT external_id FROM end_users_by_id WHERE org_id = ? AND id = ?', [orgId, id])
    ).first();
    return ref ? this.byExternalId(orgId, ref.external_id as string) : null;
  }

  async byExternalId(orgId: string, externalId: string): Promise<EndUser | null> {
    const row = (
      await this.db.execute('SELECT * FROM end_users WHERE org_id = ? AND external_id = ?', [orgId, externalId])
    ).first();
    return row ? toEndUser(row) : null;
  }
}
