/**
 * Password hashing for studio users, off the event loop: bcrypt (cost 12) runs on one worker thread
 * (sinks/crypto/bcrypt-worker.mjs), started on first use and holding the process open only while it
 * has work. Sign-in attempts are throttled before they get here (gateway/pages/studio.ts), so one
 * thread is enough.
 */
import { Worker } from 'node:worker_threads';
import type { Passwords } from '../../core/ports/passwords.ts';
import type { StudioUser } from '../../core/studio-users.ts';

const BCRYPT_COST = 12;

type Reply = { id: number; result?: string | boolean; error?: string };

let worker: Worker | null = null;
let nextId = 0;
const pending = new Map<number, { resolve: (v: string | boolean) => void; reject: (e: Error) => void }>();

function bcryptWorker(): Worker {
  if (worker) return worker;
  const started = new Worker(new URL('./bcrypt-worker.mjs', import.meta.url));
  started.on('message', ({ id, result, error }: Reply) => {
    const waiter = pending.get(id);
    pending.delete(id);
    if (pending.size === 0) started.unref();
    if (error !== undefined || result === undefined) waiter?.reject(new Error(`bcrypt: ${error}`));
    else waiter?.resolve(result);
  });
  // A dead worker fails what it held; the next call starts a fresh one.
  started.on('error', (error) => {
    for (const waiter of pending.values()) waiter.reject(error);
    pending.clear();
    worker = null;
  });
  started.on('exit', () => {
    if (worker === started) worker = null;
  });
  worker = started;
  return started;
}

function run(
  message: { op: 'hash'; password: string; cost: number } | { op: 'compare'; password: string; hash: string },
) {
  return new Promise<string | boolean>((resolve, reject) => {
    const id = nextId++;
    const hasher = bcryptWorker();
    // Held only while work is pending: an idle worker never keeps the process from exiting.
    hasher.ref();
    pending.set(id, { resolve, reject });
    hasher.postMessage({ id, ...message });
  });
}

export async function hashPassword(password: string): Promise<string> {
  return (await run({ op: 'hash', password, cost: BCRYPT_COST })) as string;
}

/** A hash to compare against when the email is unknown, so a wrong email costs as long as a wrong password. */
let decoy: Promise<string> | null = null;

export async function passwordMatches(user: StudioUser | null, password: string): Promise<boolean> {
  decoy ??= hashPassword('decoy password that matches nothing');
  const ok = (await run({ op: 'compare', password, hash: user?.password_hash ?? (await decoy) })) as boolean;
  return ok && user !== null;
}

/** The port (core/ports/passwords.ts) over this worker. */
export const workerPasswords: Passwords = { hash: hashPassword, matches: passwordMatches };
