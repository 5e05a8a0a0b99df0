/**
 * Fetches a job's audio_url into object storage (spec, audio_url rules 3-4): HEAD, then GET,
 * streamed with a 100 MB cap, redirects re-checked, private addresses refused. From then on the
 * pipeline uses its own copy.
 */

import {
  AUDIO_FORMATS,
  type AudioFormat,
  headCapture,
  MAX_AUDIO_URL_BYTES,
  sniffAudioFormat,
} from '../../core/audio/formats.ts';
import { newUuid } from '../../core/ids.ts';
import { type OutboundPolicy, OutboundRefusedError, outboundRequest } from '../../core/net/safe-http.ts';
import { type ObjectStore, ObjectTooLargeError } from '../../sinks/storage/object-store.ts';

/** A failure the job should record (retrying cannot fix it). */
export class AudioFetchFailure extends Error {
  override readonly name = 'AudioFetchFailure';
}

const FETCH_TIMEOUT_MS = 5 * 60 * 1000;

export async function fetchAudio(
  url: string,
  storage: ObjectStore,
  policy: OutboundPolicy,
  orgId: string,
): Promise<{ key: string; format: AudioFormat; size: number }> {
  try {
    const head = await outboundRequest(url, { method: 'HEAD', timeoutMs: 30_000, maxRedirects: 5 }, policy).catch(
      () => null,
    );
    head?.body.resume();
    const declared = Number(head?.headers['content-length']);
    if (head && head.status < 300 && Number.isFinite(declared) && declared > MAX_AUDIO_URL_BYTES) {
      throw new AudioFetchFailure(`audio_url is ${declared} bytes; the limit is 100 MB`);
    }
    const res = await outboundRequest(url, { method: 'GET', timeoutMs: FETCH_TIMEOUT_MS, maxRedirects: 5 }, policy);
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
    const size = await storage.put(key, res.body.pipe(sniff.stream), { maxBytes: MAX_AUDIO_URL_BYTES });
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
