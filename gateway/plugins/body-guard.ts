/**
 * Request bodies under a bound, and keep-alive connections that survive an early answer.
 *
 * - A body must keep arriving (no silence longer than BODY_IDLE_MS) and be complete within
 *   BODY_DEADLINE_MS. Past either, the client gets 408 BODY_002 with `Connection: close`, and closing
 *   the socket ends the body stream, which fails the upload's store write (so its partial file goes).
 * - A route may answer before it has read the whole body (a 400 on a file's name, a 413). The rest of
 *   the body is then read and discarded, up to DRAIN_MAX_BYTES, so the next request on the same
 *   keep-alive connection parses cleanly; a larger declared body is answered with `Connection: close`.
 */
import type { IncomingMessage } from 'node:http';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { apiError } from '../../core/errors.ts';
import { BODY_DEADLINE_MS, BODY_IDLE_MS, DRAIN_MAX_BYTES } from '../../core/policy.ts';
import { sendError } from './errors.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set once the body's deadline or idle limit passed. */
    bodyTimedOut: boolean;
  }
}

export interface BodyGuardOptions {
  deadlineMs?: number;
  idleMs?: number;
}

const hasBody = (raw: IncomingMessage) =>
  raw.headers['transfer-encoding'] !== undefined || Number(raw.headers['content-length'] ?? 0) > 0;

/** Reads and discards what is left of a body the route did not need. */
function drain(raw: IncomingMessage): void {
  let drained = 0;
  raw.unpipe();
  raw.on('data', (chunk: Buffer) => {
    drained += chunk.length;
    // A chunked body that turns out huge: stop reading; the client sees the connection close.
    if (drained > DRAIN_MAX_BYTES) raw.socket?.destroy();
  });
  raw.resume();
}

export default fp<BodyGuardOptions>(
  async (app: FastifyInstance, options) => {
    const deadlineMs = options.deadlineMs ?? BODY_DEADLINE_MS;
    const idleMs = options.idleMs ?? BODY_IDLE_MS;
    app.decorateRequest('bodyTimedOut', false);

    app.addHook('onRequest', async (request: FastifyRequest, reply: FastifyReply) => {
      const raw = request.raw;
      if (!hasBody(raw) || raw.complete) return;
      const expire = (why: string) => {
        stop();
        if (raw.complete) return;
        request.bodyTimedOut = true;
        request.log.warn({ req_id: request.id, why }, 'request body timed out');
        if (reply.sent) {
          raw.socket?.destroy();
          return;
        }
        reply.header('connection', 'close');
        sendError(reply, apiError('BODY_002', why));
        // Node forgets a request once its response is sent, so closing the socket would not end the
        // body stream: ending it here is what fails the upload's store write and removes its partial file.
        reply.raw.once('close', () => {
          if (!raw.destroyed) raw.destroy(new Error(`request body timed out: ${why}`));
        });
      };
      // No 'data' listener here: it would start the body flowing before its parser is attached.
      // The socket's idle timer is refreshed by the HTTP parser on every byte it reads, and Node
      // reports its expiry as 'timeout' on the incomplete request. (Injected test requests have no socket.)
      const watchesSocket = typeof raw.socket?.setTimeout === 'function';
      if (watchesSocket) {
        raw.socket.setTimeout(idleMs);
        raw.on('timeout', () => expire(`no data for ${idleMs / 1000} s`));
      }
      const overall = setTimeout(() => expire(`not complete within ${deadlineMs / 1000} s`), deadlineMs);
      const stop = () => {
        clearTimeout(overall);
        raw.removeAllListeners('timeout');
        if (watchesSocket) raw.socket.setTimeout(0);
      };
      raw.once('end', stop);
      raw.once('close', stop);
    });

    app.addHook('onSend', async (request: FastifyRequest, reply: FastifyReply, payload) => {
      const raw = request.raw;
      if (request.bodyTimedOut || raw.readableEnded || !hasBody(raw)) return payload;
      const declared = Number(raw.headers['content-length'] ?? 0);
      if (declared > DRAIN_MAX_BYTES) reply.header('connection', 'close');
      else drain(raw);
      return payload;
    });
  },
  { name: 'verse-body-guard' },
);
