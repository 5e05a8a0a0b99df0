/**
 * A client of the cluster as a streaming platform runs one: a steady stream of submissions (each
 * with its own Idempotency-Key, sent again after a 5xx or no answer, as the spec allows) and of
 * reads, every answer recorded with its time so that each failover's errors can be measured.
 */
import { randomUUID } from 'node:crypto';
import { spokenWav } from '../support/audio.ts';

export interface Answer {
  at: number;
  /** The HTTP status; 0 when no answer came (refused, reset, timed out). */
  status: number;
  kind: 'submit' | 'read';
  /** For a failure: how long the request took and what came back (the body's start, or the error). */
  failure?: string;
}

export interface Submitted {
  jobId: string;
  key: string;
  acceptedAt: number;
  /** Times the submission was sent before it was accepted. */
  tries: number;
}

/** A short sung-like line: words the real engine hears, small enough for HAProxy to send again. */
const AUDIO = spokenWav('en', 'Sing along with me tonight');

export class Traffic {
  readonly answers: Answer[] = [];
  readonly submitted: Submitted[] = [];
  readonly unexpected: string[] = [];
  private running = false;
  private loops: Promise<void>[] = [];

  constructor(
    private readonly baseUrl: string,
    private readonly apiKey: string,
    private readonly webhookUrl: string,
  ) {}

  private async call(kind: Answer['kind'], path: string, init: RequestInit = {}): Promise<Response | null> {
    const sent = Date.now();
    const took = () => `${init.method ?? 'GET'} ${path} after ${Date.now() - sent} ms`;
    try {
      const res = await fetch(`${this.baseUrl}${path}`, {
        ...init,
        headers: { authorization: `Bearer ${this.apiKey}`, ...init.headers },
        signal: AbortSignal.timeout(20_000),
      });
      const failure = res.status >= 500 ? `${took()}: ${(await res.clone().text()).slice(0, 300)}` : undefined;
      this.answers.push({ at: Date.now(), status: res.status, kind, failure });
      return res;
    } catch (error) {
      const cause = (error as { cause?: { code?: string } }).cause?.code ?? '';
      this.answers.push({ at: Date.now(), status: 0, kind, failure: `${took()}: ${String(error)} ${cause}` });
      return null;
    }
  }

  /** One song, sent until accepted: the same Idempotency-Key each time, so it is one job however often sent. */
  async submitOne(): Promise<void> {
    const key = randomUUID();
    for (let tries = 1; this.running || tries === 1; tries++) {
      const form = new FormData();
      form.set('language', 'English');
      form.set('webhook_url', this.webhookUrl);
      form.set('file', new Blob([AUDIO], { type: 'audio/wav' }), 'song.wav');
      const res = await this.call('submit', '/api/v1/transcribe', {
        method: 'POST',
        body: form,
        headers: { 'idempotency-key': key },
      });
      if (res?.status === 202) {
        const { job_id: jobId } = (await res.json()) as { job_id: string };
        this.submitted.push({ jobId, key, acceptedAt: Date.now(), tries });
        return;
      }
      const body = res ? await res.text() : '';
      // 5xx, no answer, or the first attempt still in flight (409 IDEM_001): the spec's retryable answers.
      if (res && res.status < 500 && !body.includes('IDEM_001')) {
        this.unexpected.push(`submit answered ${res.status}: ${body.slice(0, 300)}`);
        return;
      }
      await new Promise((r) => setTimeout(r, 500));
    }
  }

  private async readOne(): Promise<void> {
    const known = this.submitted[Math.floor(Math.random() * this.submitted.length)];
    const res = known
      ? await this.call('read', `/api/v1/jobs/${known.jobId}`)
      : await this.call('read', '/api/v1/jobs?limit=5');
    if (res) await res.arrayBuffer();
  }

  start(submitEveryMs: number, readEveryMs: number): void {
    this.running = true;
    const loop = async (every: number, fn: () => Promise<void>) => {
      while (this.running) {
        const started = Date.now();
        await fn();
        await new Promise((r) => setTimeout(r, Math.max(0, every - (Date.now() - started))));
      }
    };
    this.loops = [loop(submitEveryMs, () => this.submitOne()), loop(readEveryMs, () => this.readOne())];
  }

  async stop(): Promise<void> {
    this.running = false;
    await Promise.all(this.loops);
  }
}

export interface Outage {
  killed: string;
  from: number;
  to: number;
}

export interface OutageReport {
  killed: string;
  answers: number;
  errors: number;
  /** The longest time in which every answer was a 5xx or no answer at all, from the first such answer to the next success. */
  longestErrorSeconds: number;
  jobsInFlight: number;
  /** What each failed answer was (a few), so that a failover's errors can be told apart. */
  failures: string[];
}

/** Each outage's errors as clients saw them, and the jobs that were accepted but not yet finished at its start. */
export function outageReport(
  outage: Outage,
  answers: Answer[],
  jobs: { acceptedAt: number; finishedAt: number }[],
): OutageReport {
  const inWindow = answers.filter((a) => a.at >= outage.from && a.at < outage.to).sort((a, b) => a.at - b.at);
  const failed = (a: Answer) => a.status === 0 || a.status >= 500;
  let longest = 0;
  let runStart: number | null = null;
  for (const a of inWindow) {
    if (failed(a)) runStart ??= a.at;
    else if (runStart !== null) {
      longest = Math.max(longest, a.at - runStart);
      runStart = null;
    }
  }
  if (runStart !== null) longest = Math.max(longest, outage.to - runStart);
  return {
    killed: outage.killed,
    answers: inWindow.length,
    errors: inWindow.filter(failed).length,
    longestErrorSeconds: Math.round(longest / 100) / 10,
    jobsInFlight: jobs.filter((j) => j.acceptedAt <= outage.from && j.finishedAt > outage.from).length,
    failures: inWindow
      .filter(failed)
      .slice(0, 5)
      .map((a) => `${new Date(a.at).toISOString()} ${a.kind} ${a.status} ${a.failure ?? ''}`),
  };
}
