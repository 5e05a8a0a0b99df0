/**
 * Fetches a job's audio_url into object storage (spec, audio_url rules 3-4): one GET, refused at
 * its headers when it declares over 100 MB (the gateway's HEAD probed it at submission) and
 * streamed with the same cap, redirects re-checked, private addresses refused. From then on the
 * pipeline uses its own copy. The GET has an overall deadline and an idle limit, and the body is
 * piped end to end, so a host that stalls, closes early or resets makes the fetch fail (and the
 * partial copy disappear) instead of holding a consumer slot forever.
 */
import { pipeline } from 'node:stream';

import { AUDIO_FORMATS, type AudioFormat, headCapture, sniffAudioFormat } from '../../core/audio/formats.ts';
import { newUuid } from '../../core/ids.ts';
import { AUDIO_FETCH_DEADLINE_MS, AUDIO_FETCH_IDLE_MS, MAX_AUDIO_URL_BYTES, megabytes } from '../../core/policy.ts';
import { type ObjectStore, ObjectTooLargeError } from '../../core/ports/object-store.ts';
import { type Outbound, OutboundRefusedError, OutboundTimeoutError } from '../../core/ports/outbound.ts';
import { VerseError } from '../../core/verse-error.ts';

/** A failure the job should record (retrying cannot fix it). */
export class AudioFetchFailure extends VerseError {}

/** Why a fetch failed, in words for the job's error (the socket's own message stays in the logs). */
export function fetchFailureReason(error: unknown): string {
  if (error instanceof OutboundTimeoutError) return 'the host stopped sending or was too slow';
  const code = (error as NodeJS.ErrnoException)?.code ?? '';
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN') return 'the host name did not resolve';
  if (code === 'ECONNREFUSED') return 'the host refused the connection';
  if (/^(ERR_TLS_|ERR_SSL_|CERT_|UNABLE_TO_|DEPTH_ZERO_|SELF_SIGNED_)/.test(code))
    return 'the secure connection failed';
  if (error instanceof Error && /HTTP \d{3}/.test(error.message))
    return error.message.replace(/^audio_url answered /, 'it answered ');
  return 'the connection broke off before the whole file arrived';
}

/** How long the GET may take in all, and how long the host may fall silent. */
export interface FetchBounds {
  deadlineMs: number;
  idleMs: number;
}

export const FETCH_BOUNDS: FetchBounds = { deadlineMs: AUDIO_FETCH_DEADLINE_MS, idleMs: AUDIO_FETCH_IDLE_MS };

export async function fetchAudio(
  url: string,
  storage: ObjectStore,
  outbound: Outbound,
  orgId: string,
  bounds: FetchBounds = FETCH_BOUNDS,
): Promise<{ key: string; format: AudioFormat; size: number }> {
  try {
    const res = await outbound.request(url, {
      method: 'GET',
      timeoutMs: bounds.deadlineMs,
      idleMs: bounds.idleMs,
      maxRedirects: 5,
    });
    if (res.status >= 400 && res.status < 500) {
      res.body.resume();
      throw new AudioFetchFailure(
        `audio_url answered HTTP ${res.status}; it must stay reachable until transcription has fetched it`,
      );
    }
    if (res.status < 200 || res.status >= 300) {
      res.body.resume();
      throw new Error(`audio_url answered HTTP ${res.status}`);
    }
    // A declared length over the cap is refused before a byte of the body is read; a length the
    // host does not declare, or understates, is held to the cap by the store's write below.
    const declared = Number(res.headers['content-length']);
    if (Number.isFinite(declared) && declared > MAX_AUDIO_URL_BYTES) {
      res.body.destroy();
      throw new AudioFetchFailure(`audio_url is ${declared} bytes; the limit is ${megabytes(MAX_AUDIO_URL_BYTES)}`);
    }
    const sniff = headCapture();
    const key = `audio/${orgId}/${newUuid()}`;
    // pipeline (not .pipe) carries the body's failure into the sniffer, and so into the store's write.
    const body = pipeline(res.body, sniff.stream, () => {});
    const size = await storage.put(key, body, { maxBytes: MAX_AUDIO_URL_BYTES });
    const format = sniffAudioFormat(sniff.head());
    if (size === 0 || !format) {
      await storage.delete(key);
      throw new AudioFetchFailure(`audio_url did not return audio in an accepted format (${AUDIO_FORMATS.join(', ')})`);
    }
    return { key, format, size };
  } catch (error) {
    if (error instanceof ObjectTooLargeError)
      throw new AudioFetchFailure(`audio_url is larger than ${megabytes(MAX_AUDIO_URL_BYTES)}`);
    if (error instanceof OutboundRefusedError)
      throw new AudioFetchFailure(`audio_url is not allowed: ${error.message}`);
    throw error;
  }
}
