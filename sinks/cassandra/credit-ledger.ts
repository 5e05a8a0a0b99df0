/**
 * Credits on Cassandra (migration 013): an organisation's balance and the record of each move live
 * in one partition, and a move is one conditional batch that changes the balance and writes (or
 * deletes) its records together. A record's key names what it is for (a job's credit, a grant), so
 * a move sent again after a lost answer, or by a client's retry after the gateway died, finds its
 * records and moves nothing twice. Every read names its rows in full: the records that expire are
 * never scanned. Each record names the call that wrote it (migration 016), so a call whose move was
 * applied and then sent again, its answer lost or its statement resent by the driver, knows the
 * records it finds for its own.
 */
import { randomUUID } from 'node:crypto';
import { CREDIT_RECORD_RETENTION_MS } from '../../core/policy.ts';
import { type CassandraClient, types } from './client.ts';
import { afterLostRace } from './contention.ts';

const BALANCE = 'balance';
const RECORD_TTL_S = Math.round(CREDIT_RECORD_RETENTION_MS / 1000);
/**
 * Driver errors one move survives (a node lost mid-round answers a timeout whose outcome is
 * unknown): the ledger is read again through Paxos and the move sent again, which is safe because
 * its records decide whether it already happened.
 */
const ATTEMPTS_AFTER_ERRORS = 5;

export const jobCreditEntry = (jobId: string): string => `job/${jobId}`;

interface LedgerState {
  balance: number;
  /** Each asked-for record that exists. */
  recorded: Map<string, LedgerRecord>;
}

interface LedgerRecord {
  amount: number;
  /** The call that wrote it; null for records written before migration 016. */
  moveId: string | null;
}

interface Move {
  from: number;
  to: number;
  write: { entry: string; amount: number; moveId: string }[];
  erase: string[];
  /**
   * Records the plan found and relies on, confirmed by the move's own conditions: their amount, and
   * the call that wrote them, which decides whose credit the plan reports them as.
   */
  keep: { entry: string; amount: number; moveId: string | null }[];
}

export class CreditLedger {
  constructor(private readonly db: CassandraClient) {}

  /** Opens an organisation's balance; an existing balance is kept. */
  async open(orgId: string, credits: number): Promise<void> {
    await this.db.execute(
      'INSERT INTO credit_ledger (org_id, entry, balance) VALUES (?, ?, ?) IF NOT EXISTS',
      [orgId, BALANCE, credits],
      { prepare: true },
    );
  }

  async balance(orgId: string): Promise<number> {
    const row = (
      await this.db.execute('SELECT balance FROM credit_ledger WHERE org_id = ? AND entry = ?', [orgId, BALANCE], {
        prepare: true,
      })
    ).first();
    return Number(row?.balance ?? 0);
  }

  /**
   * Writes each entry not yet recorded with `amount` and moves the balance by their sum, when
   * `allowed(balance, sum)`: the entries this call recorded, a try of it that was applied before
   * its answer was lost included (none when all were recorded by others), or null when refused.
   */
  record(
    orgId: string,
    entries: string[],
    amount: number,
    allowed: (balance: number, sum: number) => boolean,
  ): Promise<{ recorded: string[]; balance: number } | null> {
    const moveId = randomUUID();
    return this.move(orgId, entries, (state) => {
      const missing = entries.filter((e) => !state.recorded.has(e));
      const mine = entries.filter((e) => state.recorded.get(e)?.moveId === moveId);
      const sum = missing.length * amount;
      if (missing.length === 0) {
        // Nothing to take, on the word of a read: a record that read saw may belong to a move not
        // yet settled (a refund whose coordinator died mid-round), which would take it away after
        // the caller relied on it. Keeping the records is itself a conditional move, so Paxos
        // settles any such move first, and a record gone by then is taken again.
        const keep = entries.map((entry) => ({ entry, ...(state.recorded.get(entry) as LedgerRecord) }));
        const move = { from: state.balance, to: state.balance, write: [], erase: [], keep };
        return { move, result: { recorded: mine, balance: state.balance } };
      }
      if (!allowed(state.balance, sum)) return { move: null, result: null };
      const write = missing.map((entry) => ({ entry, amount, moveId }));
      return {
        move: { from: state.balance, to: state.balance + sum, write, erase: [], keep: [] },
        result: { recorded: [...mine, ...missing], balance: state.balance + sum },
      };
    });
  }

  /** Deletes the entries that are recorded and moves the balance back by their amounts. */
  erase(orgId: string, entries: string[]): Promise<void> {
    return this.move(orgId, entries, (state) => {
      const present = entries.filter((e) => state.recorded.has(e));
      const sum = present.reduce((total, e) => total + (state.recorded.get(e)?.amount ?? 0), 0);
      const move = present.length
        ? { from: state.balance, to: state.balance - sum, write: [], erase: present, keep: [] }
        : null;
      return { move, result: undefined };
    });
  }

  /**
   * Plans a move on the ledger as it stands and applies it, planning again after a lost race or an
   * error; a plan without a move is the answer as it stands.
   */
  private async move<T>(
    orgId: string,
    entries: string[],
    plan: (state: LedgerState) => { move: Move | null; result: T },
  ): Promise<T> {
    let errors = 0;
    for (let attempt = 1; ; attempt++) {
      try {
        // The first plan reads at LOCAL_QUORUM: one Paxos round per charge, the batch's. A plan made on
        // a stale read is refused by the batch's own conditions, and every later one reads through
        // Paxos, so a move in flight (or one whose answer was lost) is settled before it is planned on.
        const { move, result } = plan(await this.read(orgId, entries, attempt > 1));
        if (!move || (await this.apply(orgId, move))) return result;
      } catch (error) {
        if (++errors >= ATTEMPTS_AFTER_ERRORS) throw error;
      }
      await afterLostRace(attempt);
    }
  }

  /** The balance and the asked-for records; `serial`: through Paxos, so a move in flight is settled first. */
  private async read(orgId: string, entries: string[], serial: boolean): Promise<LedgerState> {
    const rows = (
      await this.db.execute(
        'SELECT entry, balance, amount, move_id FROM credit_ledger WHERE org_id = ? AND entry IN ?',
        [orgId, [BALANCE, ...entries]],
        { prepare: true, consistency: serial ? types.consistencies.localSerial : types.consistencies.localQuorum },
      )
    ).rows;
    const state: LedgerState = { balance: 0, recorded: new Map() };
    for (const row of rows) {
      if (row.entry === BALANCE) state.balance = Number(row.balance ?? 0);
      else
        state.recorded.set(row.entry as string, {
          amount: Number(row.amount ?? 0),
          moveId: row.move_id ? String(row.move_id) : null,
        });
    }
    return state;
  }

  private async apply(orgId: string, move: Move): Promise<boolean> {
    const result = await this.db.batch(
      [
        ...(move.to === move.from
          ? []
          : [
              {
                query: 'UPDATE credit_ledger SET balance = ? WHERE org_id = ? AND entry = ? IF balance = ?',
                params: [move.to, orgId, BALANCE, move.from],
              },
            ]),
        ...move.write.map(({ entry, amount, moveId }) => ({
          query:
            'INSERT INTO credit_ledger (org_id, entry, amount, move_id) VALUES (?, ?, ?, ?) IF NOT EXISTS USING TTL ?',
          params: [orgId, entry, amount, moveId, RECORD_TTL_S],
        })),
        ...move.erase.map((entry) => ({
          query: 'DELETE FROM credit_ledger WHERE org_id = ? AND entry = ? IF EXISTS',
          params: [orgId, entry],
        })),
        ...move.keep.map(({ entry, amount, moveId }) => ({
          // Both columns written again, so that both live on for the new time-to-live.
          query:
            'UPDATE credit_ledger USING TTL ? SET amount = ?, move_id = ? WHERE org_id = ? AND entry = ? IF amount = ? AND move_id = ?',
          params: [RECORD_TTL_S, amount, moveId, orgId, entry, amount, moveId],
        })),
      ],
      // The records make the batch safe to send again: a second delivery finds them and is refused.
      { prepare: true, isIdempotent: true },
    );
    return result.wasApplied();
  }
}
