/**
 * Migration 013's data step: each organisation's balance moves from organisations.credits to its
 * credit_ledger 'balance' row. Written only where the row is absent, so running it again never
 * undoes a move made since.
 */
import type { CassandraClient } from './client.ts';

const PAGE = 500;

export async function moveCreditsIntoLedger(db: CassandraClient, log: (msg: string) => void): Promise<number> {
  let moved = 0;
  let pageState: string | undefined;
  do {
    const page = await db.execute('SELECT org_id, credits FROM organisations', [], {
      prepare: true,
      fetchSize: PAGE,
      pageState,
    });
    for (const row of page.rows) {
      await db.execute(
        "INSERT INTO credit_ledger (org_id, entry, balance) VALUES (?, 'balance', ?) IF NOT EXISTS",
        [row.org_id, Number(row.credits ?? 0)],
        { prepare: true },
      );
    }
    moved += page.rows.length;
    pageState = page.pageState ?? undefined;
  } while (pageState);
  log(`cassandra: ${moved} organisations' balances moved into the credit ledger`);
  return moved;
}
