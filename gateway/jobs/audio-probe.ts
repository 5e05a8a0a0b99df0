/**
 * The HEAD request sent at submission for an audio_url (spec, audio_url rule 1-2): a declared size
 * over 100 MB is refused with 413 VAL_002; a refused HEAD or a missing Content-Length is accepted.
 * A URL that points into a private network is refused outright.
 */
import { ApiError, apiError, invalid } from '../../core/errors.ts';
import { PROBE_LIMITS } from '../../core/meters.ts';
import { AUDIO_PROBE_TIMEOUT_MS, MAX_AUDIO_URL_BYTES } from '../../core/policy.ts';
import type { Meter } from '../../core/ports/meter.ts';
import { type Outbound, OutboundRefusedError } from '../../core/ports/outbound.ts';

/**
 * Probes the submission's audio_urls while the organisation's probe budget lasts (PROBE_LIMITS);
 * past it they are accepted unprobed, as if their hosts refused HEAD.
 */
export async function probeWithinBudget(
  urls: string[],
  outbound: Outbound,
  meter: Meter,
  orgId: string,
): Promise<void> {
  const budget = await meter.consume(orgId, 'probe', urls.length, PROBE_LIMITS);
  if (budget.allowed) await Promise.all(urls.map((url) => probeAudioUrl(url, outbound)));
}

export async function probeAudioUrl(url: string, outbound: Outbound): Promise<void> {
  try {
    const res = await outbound.request(url, { method: 'HEAD', timeoutMs: AUDIO_PROBE_TIMEOUT_MS, maxRedirects: 5 });
    res.body.resume();
    const length = Number(res.headers['content-length']);
    if (res.status >= 200 && res.status < 300 && Number.isFinite(length) && length > MAX_AUDIO_URL_BYTES) {
      throw apiError('VAL_002', length);
    }
  } catch (error) {
    if (error instanceof ApiError) throw error;
    if (error instanceof OutboundRefusedError) throw invalid(`audio_url is not allowed: ${error.message}`);
    // The host refused HEAD or could not be reached now: accepted; transcription fetches it later.
  }
}
