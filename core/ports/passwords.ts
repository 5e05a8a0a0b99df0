/**
 * Studio passwords: hashed and checked off the request's event loop (bcrypt at cost 12 is 0.25 s of
 * CPU). Adapter: sinks/crypto/passwords.ts (a worker thread).
 */
import type { StudioUser } from '../studio-users.ts';

export interface Passwords {
  hash(password: string): Promise<string>;
  /** False for an unknown user too, after as long as a wrong password takes. */
  matches(user: StudioUser | null, password: string): Promise<boolean>;
}
