/**
 * Studio users (a distributor's own staff) and their sessions: the rules, and the port that
 * stores them. Passwords are bcrypt hashes (cost 12, made off the event loop by
 * sinks/crypto/passwords.ts); a session is a random cookie value whose
 * SHA-256 is stored with the CSRF token every state-changing studio request must echo.
 */
import { createHash, randomBytes } from 'node:crypto';

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

export const MIN_PASSWORD_LENGTH = 12;

export const normaliseEmail = (email: string) => email.trim().toLowerCase();
export const isEmail = (email: string) => /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email);

export const newSecret = (bytes = 32) => randomBytes(bytes).toString('base64url');
export const sessionHash = (cookieValue: string) => createHash('sha256').update(cookieValue).digest('hex');
