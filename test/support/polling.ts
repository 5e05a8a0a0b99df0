/**
 * Polls a job over HTTP as a well-behaved client does: once a second, waiting out the Retry-After
 * of a 429 (a meter) or of a 503 (SRV_001: a dependency briefly unavailable, which the spec tells
 * clients to retry). Any other answer but 200 fails the test at once.
 */
import { expect } from 'vitest';

const PACE_MS = 1000; // 60 reads a minute, half the spec's default read meter

export async function pollJobUntilSettled<Job extends { status: string }>(
  baseUrl: string,
  jobId: string,
  headers: Record<string, string>,
  timeoutMs: number,
): Promise<Job> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const res = await fetch(`${baseUrl}/api/v1/jobs/${jobId}`, { headers });
    let waitMs = PACE_MS;
    if (res.status === 429 || res.status === 503) {
      waitMs = Math.max(PACE_MS, Number(res.headers.get('retry-after') ?? '1') * 1000);
      await res.body?.cancel();
    } else {
      expect(res.status, await res.clone().text()).toBe(200);
      const job = (await res.json()) as Job;
      if (!['queued', 'processing'].includes(job.status)) return job;
    }
    if (Date.now() + waitMs > deadline) throw new Error(`job ${jobId} still not settled after ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, waitMs));
  }
}
