/**
 * Studio users (a distributor's own staff) and their sessions: the rules, and the port that
 * stores them. Passwords are bcrypt hashes (cost 12); a session is a random cookie value whose
 * SHA-256 is stored with the CSRF token every state-changing studio request must echo.
 */
import { createHash, randomBytes } from 'node:crypto';
import bcrypt from 'bcryptjs';

export interface StudioUser {
  user_id: string;
  org_id: string;
  email: string;
  password_hash: string;
  created_at: Date;
}

export interface StudioSession {
  user_id: string;
  org_id: string;
  email: string;
  csrf_token: string;
  created_at: Date;
}

export interface StudioUserStore {
  /** False when the email is taken. */
  createUser(user: StudioUser): Promise<boolean>;
  findUser(email: string): Promise<StudioUser | null>;
  createSession(sessionHash: string, session: StudioSession): Promise<void>;
  findSession(sessionHash: string): Promise<StudioSession | null>;
  deleteSession(sessionHash: string): Promise<void>;
}

const BCRYPT_COST = 12;
export const MIN_PASSWORD_LENGTH = 12;

export const normaliseEmail = (email: string) => email.trim().toLowerCase();
export const isEmail = (email: string) => /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email);

export const hashPassword = (password: string) => bcrypt.hash(password, BCRYPT_COST);

/** A hash to compare against when the email is unknown, so a wrong email costs as long as a wrong password. */
const DECOY_HASH = bcrypt.hashSync('decoy password that matches nothing', BCRYPT_COST);

export async function passwordMatches(user: StudioUser | null, password: string): Promise<boolean> {
  const ok = await bcrypt.compare(password, user?.password_hash ?? DECOY_HASH);
  return ok && user !== null;
}

export const newSecret = (bytes = 32) => randomBytes(bytes).toString('base64url');
export const sessionHash = (cookieValue: string) => createHash('sha256').update(cookieValue).digest('hex');
