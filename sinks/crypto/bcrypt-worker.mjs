// The bcrypt work of sinks/crypto/passwords.ts, on a worker thread so that a sign-in (0.25 s of
// hashing at cost 12) never blocks the gateway's event loop. Plain JavaScript: a worker thread has
// no TypeScript loader under every runner that starts the gateway.
import { parentPort } from 'node:worker_threads';
import bcrypt from 'bcryptjs';

parentPort.on('message', ({ id, op, password, hash, cost }) => {
  const work = op === 'hash' ? bcrypt.hash(password, cost) : bcrypt.compare(password, hash);
  work.then(
    (result) => parentPort.postMessage({ id, result }),
    (error) => parentPort.postMessage({ id, error: String(error) }),
  );
});
