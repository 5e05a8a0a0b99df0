/**
 * The API reference at /docs, in Debian's Chromium: Swagger UI rendered from the gateway's own
 * OpenAPI document, served by the gateway with no CDN, lists every path of the spec.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BrowserHarness, startBrowserHarness } from '../support/browser.ts';

let h: BrowserHarness;
beforeAll(async () => {
  h = await startBrowserHarness(1);
});
afterAll(async () => {
  await h?.close();
});

/** Every path of the spec (lyrics-service-api.md), as OpenAPI writes them. */
const SPEC_PATHS = [
  '/api/v1/transcribe',
  '/api/v1/batch',
  '/api/v1/batch/{batch_id}',
  '/api/v1/jobs',
  '/api/v1/jobs/{job_id}',
  '/api/v1/jobs/{job_id}/align',
  '/api/v1/jobs/{job_id}/approve',
  '/api/v1/jobs/{job_id}/download/{type}/{variant}',
  '/api/v1/jobs/{job_id}/replay-webhook',
  '/api/v1/languages',
  '/api/v1/usage',
  '/api/v1/health',
  '/api/v1/align',
  '/api/v1/webhooks/dead-letters',
  '/api/v1/webhooks/dead-letters/{id}/replay',
  '/api/v1/webhooks/deliveries',
  '/api/v1/webhook-test',
];

describe('the API reference page', () => {
  it('renders every path of the spec from the gateway alone, without an API key', async () => {
    const context = await h.browser.newContext();
    const page = await context.newPage();
    const outside: string[] = [];
    page.on('request', (r) => {
      if (!r.url().startsWith(h.origin) && !r.url().startsWith('data:')) outside.push(r.url());
    });
    const res = await page.goto(`${h.origin}/docs`);
    expect(res?.status()).toBe(200);
    await page.waitForSelector('.opblock-summary-path', { timeout: 30_000 });
    const shown = await page.$$eval('.opblock-summary-path', (els) =>
      els.map((e) => (e.getAttribute('data-path') ?? e.textContent ?? '').replace(/\u200b/g, '').trim()),
    );
    for (const p of SPEC_PATHS) expect(shown, p).toContain(p);
    expect(outside).toEqual([]);
    await context.close();
  });

  it('shows an operation with its example request, its error codes and the webhook events it leads to', async () => {
    const context = await h.browser.newContext();
    const page = await context.newPage();
    await page.goto(`${h.origin}/docs#/jobs/submitSong`);
    const operation = page.locator('#operations-jobs-submitSong');
    await operation.locator('.opblock-body').waitFor({ timeout: 30_000 });
    const text = (await operation.textContent()) ?? '';
    expect(text).toContain('dil-se.flac'); // the example request
    for (const code of ['VAL_001', 'PAY_001', 'IDEM_002', 'BODY_001', 'RATE_001']) expect(text).toContain(code);
    await operation.getByText('Callbacks', { exact: true }).click();
    const callbacks = (await operation.textContent()) ?? '';
    for (const event of ['job.complete', 'job.awaiting_review', 'job.failed', 'job.degraded'])
      expect(callbacks).toContain(event);
    await context.close();
  });
});
