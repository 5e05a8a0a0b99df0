/**
 * Fetches a job's audio_url into object storage (spec, audio_url rules 3-4): HEAD, then GET,
 * streamed with a 100 MB cap, redirects re-checked, private addresses refused. From then on the
 * pipeline uses its own copy. The GET has an overall deadline and an idle limit, and the body is
 * piped end to end, so a host that stalls, closes early or resets makes the fetch fail (and the
 * partial copy disappear) instead of holding a consumer slot forever.
 */
import { pipeline } from 'node:stream';

import {
  AUDIO_FORMATS,
  type AudioFormat,
  headCapture,
  MAX_AUDIO_URL_BYTES,
  sniffAudioFormat,
} from '../../core/audio/formats.ts';
import { newUuid } from '../../core/ids.ts';
import { type OutboundPolicy, OutboundRefusedError, outboundRequest } from '../../core/net/safe-http.ts';
import { AUDIO_FETCH_DEADLINE_MS, AUDIO_FETCH_IDLE_MS, AUDIO_PROBE_TIMEOUT_MS } from '../../core/policy.ts';
import { type ObjectStore, ObjectTooLargeError } from '../../sinks/storage/object-store.ts';

/** A failure the job should record (retrying cannot fix it). */
export class AudioFetchFailure extends Error {
  override readonly name = 'AudioFetchFailure';
}

export async function fetchAudio(
  url: string,
  storage: ObjectStore,
  policy: OutboundPolicy,
  orgId: string,
): Promise<{ key: string; format: AudioFormat; size: number }> {
  try {
    const head = await outboundRequest(
      url,
      { method: 'HEAD', timeoutMs: AUDIO_PROBE_TIMEOUT_MS, idleMs: AUDIO_FETCH_IDLE_MS, maxRedirects: 5 },
      policy,
    ).catch(() => null);
    head?.body.resume();
    const declared = Number(head?.headers['content-length']);
    if (head && head.status < 300 && Number.isFinite(declared) && declared > MAX_AUDIO_URL_BYTES) {
      throw new AudioFetchFailure(`audio_url is ${declared} bytes; the limit is 100 MB`);
    }
    const res = await outboundRequest(
      url,
      { method: 'GET', timeoutMs: AUDIO_FETCH_DEADLINE_MS, idleMs: AUDIO_FETCH_IDLE_MS, maxRedirects: 5 },
      policy,
    );
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
    if (error instanceof ObjectTooLargeError) throw new AudioFetchFailure('audio_url is larger than 100 MB');
    if (error instanceof OutboundRefusedError)
      throw new AudioFetchFailure(`audio_url is not allowed: ${error.message}`);
    throw error;
  }
}
