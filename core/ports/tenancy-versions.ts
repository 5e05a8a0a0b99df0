/**
 * A counter per organisation that moves whenever anything authentication reads about it changes
 * (a key revoked, credits, limits, plan). A gateway may keep an organisation's key and record while
 * the counter stands still: reading the counter is far cheaper than reading the records.
 */
export interface TenancyVersions {
  /** The organisation's current version (0 before its first change). */
  current(orgId: string): Promise<number>;
  /** Moves the organisation's version on; called after the change is stored. */
  bump(orgId: string): Promise<void>;
}
