/** StudioUserStore on Cassandra: users by email (created IF NOT EXISTS), sessions by cookie hash (12 h TTL). */
import type { StudioSession, StudioUser, StudioUserStore } from '../../core/studio-users.ts';
import type { CassandraClient } from './client.ts';

export class CassandraStudioUsers implements StudioUserStore {
  constructor(private readonly db: CassandraClient) {}

  async createUser(user: StudioUser): Promise<boolean> {
    const result = await this.db.execute(
      'INSERT INTO users (email, user_id, org_id, password_hash, created_at) VALUES (?, ?, ?, ?, ?) IF NOT EXISTS',
      [user.email, user.user_id, user.org_id, user.password_hash, user.created_at],
    );
    // A "not applied" that finds this user's own id is this insert sent twice by the driver (after a
    // timeout whose first try was applied), not someone else's user.
    if (!result.wasApplied() && String(result.first()?.user_id) !== user.user_id) return false;
    await this.db.execute('INSERT INTO users_by_org (org_id, email, user_id) VALUES (?, ?, ?)', [
      user.org_id,
      user.email,
      user.user_id,
    ]);
    return true;
  }

  async findUser(email: string): Promise<StudioUser | null> {
    const row = (await this.db.execute('SELECT * FROM users WHERE email = ?', [email])).first();
    if (!row) return null;
    return {
      user_id: row.user_id as string,
      org_id: row.org_id as string,
      email: row.email as string,
      password_hash: row.password_hash as string,
      created_at: row.created_at as Date,
    };
  }

  async createSession(sessionHash: string, s: StudioSession): Promise<void> {
    await this.db.execute(
      'INSERT INTO studio_sessions (session_sha256, user_id, org_id, email, csrf_token, created_at) VALUES (?, ?, ?, ?, ?, ?)',
      [sessionHash, s.user_id, s.org_id, s.email, s.csrf_token, s.created_at],
    );
  }

  async findSession(sessionHash: string): Promise<StudioSession | null> {
    const row = (
      await this.db.execute('SELECT * FROM studio_sessions WHERE session_sha256 = ?', [sessionHash])
    ).first();
    if (!row) return null;
    return {
      user_id: row.user_id as string,
      org_id: row.org_id as string,
      email: row.email as string,
      csrf_token: row.csrf_token as string,
      created_at: row.created_at as Date,
    };
  }

  async deleteSession(sessionHash: string): Promise<void> {
    await this.db.execute('DELETE FROM studio_sessions WHERE session_sha256 = ?', [sessionHash]);
  }
}
