/**
 * The studio, /studio/{job_id}: the review editor for a distributor's own staff, behind a user
 * account (`verse user create`). A session is an HttpOnly, SameSite=Strict cookie scoped to
 * /studio; every state-changing request must echo the session's CSRF token (X-CSRF-Token, or the
 * `csrf` field of the logout form). Staff see only their organisation's jobs, and can also
 * re-align a job.
 */

import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { alignJob } from '../../core/app/align-job.ts';
import { approveJob } from '../../core/app/approve-job.ts';
import { apiError, notFound } from '../../core/errors.ts';
import { UUID_PATTERN } from '../../core/ids.ts';
import type { JobRecord } from '../../core/jobs/job.ts';
import { SIGNIN_LIMITS } from '../../core/meters.ts';
import type { Passwords } from '../../core/ports/passwords.ts';
import { parseEditorApprovalBody } from '../../core/review/edits.ts';
import { safeEqual } from '../../core/secrets.ts';
import {
  newSecret,
  normaliseEmail,
  type StudioSession,
  type StudioUserStore,
  sessionHash,
} from '../../core/studio-users.ts';
import type { JobRouteOptions } from '../routes/transcribe.ts';
import { sendAudio } from './audio.ts';
import { drawForPage, jobOfPath, paidBy, romaniseEdited } from './editor-calls.ts';
import { editorPage, escapeHtml, noticePage, page } from './editor-view.ts';
import { pageHeaders } from './review.ts';

export interface StudioOptions extends JobRouteOptions {
  studioUsers: StudioUserStore;
  passwords: Passwords;
}

const COOKIE = 'verse_studio';
const SESSION_SECONDS = 12 * 3600;

function cookieOf(request: FastifyRequest): string | null {
  for (const part of (request.headers.cookie ?? '').split(';')) {
    const [name, ...value] = part.trim().split('=');
    if (name === COOKIE) return value.join('=') || null;
  }
  return null;
}

function loginPage(next: string, error?: string): string {
  return page(
    'Verse studio: sign in',
    `<main><form class="notice" method="post" action="/studio/login">
  <h1>Verse studio</h1>
  ${error ? `<p id="outcome" class="error" role="alert">${escapeHtml(error)}</p>` : ''}
  <label>Email <input type="text" name="email" autocomplete="username" required></label>
  <label>Password <input type="password" name="password" autocomplete="current-password" required></label>
  <input type="hidden" name="next" value="${escapeHtml(next)}">
  <p><button type="submit" class="primary">Sign in</button></p>
</form></main>`,
  );
}

const safeNext = (next: unknown) =>
  typeof next === 'string' && /^\/studio\/[0-9a-f-]{36}$/i.test(next) ? next : '/studio';

export default async function studioPages(app: FastifyInstance, options: StudioOptions): Promise<void> {
  const { services, studioUsers } = options;
  const secure = options.baseUrl.startsWith('https://');

  // The login and logout forms post urlencoded bodies; only this plugin accepts them.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(body as string)));
  });

  async function session(request: FastifyRequest): Promise<(StudioSession & { sessionHash: string }) | null> {
    const value = cookieOf(request);
    if (!value) return null;
    const hash = sessionHash(value);
    const found = await studioUsers.findSession(hash);
    return found ? { ...found, sessionHash: hash } : null;
  }

  /** For the editor's calls: a session and, for POSTs, its CSRF token. */
  async function requireSession(request: FastifyRequest): Promise<StudioSession & { sessionHash: string }> {
    const s = await session(request);
    if (!s) throw apiError('AUTH_001', 'no_session');
    if (request.method === 'POST') {
      const sent = request.headers['x-csrf-token'] ?? (request.body as { csrf?: string } | undefined)?.csrf;
      if (typeof sent !== 'string' || !safeEqual(sent, s.csrf_token)) throw apiError('AUTH_002', 'no_csrf_token');
    }
    return s;
  }

  async function orgJob(s: StudioSession, jobId: string): Promise<JobRecord> {
    const job = await jobOfPath(services, jobId);
    if (!job || job.org_id !== s.org_id) throw notFound('Job');
    return job;
  }

  const pageRoute = { config: { auth: false }, schema: { hide: true } };

  /** Seconds until this address and account may try again; 0 when the attempt may go ahead (and is counted). */
  async function signInWait(address: string, email: string): Promise<number> {
    const [byAddress, byAccount] = await Promise.all([
      options.meter.consume(`address:${address}`, 'signin', 1, SIGNIN_LIMITS.address),
      options.meter.consume(`account:${email}`, 'signin', 1, SIGNIN_LIMITS.account),
    ]);
    return Math.max(byAddress.retryAfter, byAccount.retryAfter);
  }

  app.get<{ Querystring: { next?: string } }>('/studio/login', pageRoute, async (request, reply) => {
    return pageHeaders(reply)
      .type('text/html; charset=utf-8')
      .send(loginPage(safeNext(request.query.next)));
  });

  app.post<{ Body: { email?: string; password?: string; next?: string } }>(
    '/studio/login',
    pageRoute,
    async (request, reply) => {
      const { email = '', password = '', next } = request.body ?? {};
      pageHeaders(reply).type('text/html; charset=utf-8');
      // Before any lookup or hashing: a guesser is stopped by the cheap check, not by our CPU.
      const waitS = await signInWait(request.ip, normaliseEmail(email));
      if (waitS > 0) {
        return reply
          .status(429)
          .header('retry-after', String(waitS))
          .send(loginPage(safeNext(next), `Too many sign-in attempts. Try again in ${Math.ceil(waitS / 60)} minutes.`));
      }
      const user = await studioUsers.findUser(normaliseEmail(email));
      if (!(await options.passwords.matches(user, password)) || !user) {
        return reply.status(401).send(loginPage(safeNext(next), 'That email and password do not match an account.'));
      }
      const value = newSecret();
      await studioUsers.createSession(sessionHash(value), {
        user_id: user.user_id,
        org_id: user.org_id,
        email: user.email,
        csrf_token: newSecret(),
        created_at: new Date(),
      });
      return reply
        .header(
          'set-cookie',
          `${COOKIE}=${value}; Path=/studio; HttpOnly; SameSite=Strict; Max-Age=${SESSION_SECONDS}${secure ? '; Secure' : ''}`,
        )
        .redirect(safeNext(next), 303);
    },
  );

  app.post('/studio/logout', pageRoute, async (request, reply) => {
    const s = await requireSession(request);
    await studioUsers.deleteSession(s.sessionHash);
    return reply
      .header('set-cookie', `${COOKIE}=; Path=/studio; HttpOnly; SameSite=Strict; Max-Age=0${secure ? '; Secure' : ''}`)
      .redirect('/studio/login', 303);
  });

  app.get('/studio', pageRoute, async (request, reply) => {
    const s = await session(request);
    if (!s) return reply.redirect('/studio/login', 303);
    return pageHeaders(reply)
      .type('text/html; charset=utf-8')
      .send(
        page(
          'Verse studio',
          `<main><form class="notice" method="get" action="/studio/open"><h1>Verse studio</h1>
<p>Signed in as ${escapeHtml(s.email)}.</p>
<label>Job id <input type="text" name="job_id" required></label>
<p><button type="submit" class="primary">Open</button></p></form></main>`,
        ),
      );
  });

  app.get<{ Querystring: { job_id?: string } }>('/studio/open', pageRoute, async (request, reply) => {
    const id = (request.query.job_id ?? '').trim();
    return reply.redirect(UUID_PATTERN.test(id) ? `/studio/${id}` : '/studio', 303);
  });

  app.get<{ Params: { job_id: string } }>('/studio/:job_id', pageRoute, async (request, reply) => {
    const s = await session(request);
    if (!s) return reply.redirect(`/studio/login?next=${encodeURIComponent(`/studio/${request.params.job_id}`)}`, 303);
    pageHeaders(reply).type('text/html; charset=utf-8');
    const job = await jobOfPath(services, request.params.job_id);
    if (!job || job.org_id !== s.org_id) {
      return reply.status(404).send(noticePage('Job not found', 'There is no such job in your organisation.'));
    }
    const base = `/studio/${job.job_id}`;
    const logout = `<form method="post" action="/studio/logout"><input type="hidden" name="csrf" value="${escapeHtml(s.csrf_token)}"><p>Signed in as ${escapeHtml(s.email)} <button type="submit" class="secondary">Sign out</button></p></form>`;
    return reply.send(
      editorPage(job, {
        title: 'Verse studio',
        endpoints: {
          audio: `${base}/audio`,
          romanise: `${base}/romanise`,
          approve: `${base}/approve`,
          realign: `${base}/align`,
        },
        csrf: s.csrf_token,
        headerExtra: logout,
      }),
    );
  });

  app.get<{ Params: { job_id: string } }>('/studio/:job_id/audio', pageRoute, async (request, reply) => {
    const s = await requireSession(request);
    return sendAudio(request, reply, services.storage, await orgJob(s, request.params.job_id));
  });

  app.post<{ Params: { job_id: string }; Body: { lines?: unknown } }>(
    '/studio/:job_id/romanise',
    pageRoute,
    async (request) => {
      const s = await requireSession(request);
      const job = await orgJob(s, request.params.job_id);
      return romaniseEdited(services, options, job, request.body);
    },
  );

  app.post<{ Params: { job_id: string } }>('/studio/:job_id/approve', pageRoute, async (request) => {
    const s = await requireSession(request);
    const job = await orgJob(s, request.params.job_id);
    return approveJob(services, job, parseEditorApprovalBody(request.body), 'studio');
  });

  app.post<{ Params: { job_id: string } }>('/studio/:job_id/align', pageRoute, async (request, reply: FastifyReply) => {
    const s = await requireSession(request);
    const org = await options.orgs.getOrganisation(s.org_id);
    if (!org) throw notFound('Organisation');
    // The studio's Re-align is POST /jobs/{id}/align by another door: it draws on the submit meter too.
    const drawn = await drawForPage(options, org.org_id, 'submit');
    const { statusCode, body } = await paidBy(
      drawn,
      () => alignJob(services, org, () => orgJob(s, request.params.job_id)),
      (answer) => answer.statusCode,
    );
    return reply.status(statusCode).send(body);
  });
}
