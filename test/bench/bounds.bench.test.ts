/**
 * The broken world's bounds at their production values (core/policy.ts), each printed beside the
 * bound it must stay within: how long a stalled upload is held, how long an audio_url fetch takes
 * to fail when its host closes early, resets or falls silent, and an engine process's peak memory
 * on a lying FLAC beside the whole-file decode it replaced. (test/hostile checks the same paths with
 * shortened bounds, and the running engine's memory.)
 * Run: `npx vitest run --project bench test/bench/bounds.bench.test.ts` (about 2 minutes).
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, it } from 'vitest';
import { AUDIO_FETCH_IDLE_MS, AUDIO_PROBE_TIMEOUT_MS, BODY_IDLE_MS } from '../../core/policy.ts';
import { buildGateway } from '../../gateway/app.ts';
import { fetchAudio } from '../../processors/transcription/fetch-audio.ts';
import { wavTone } from '../support/audio.ts';
import { startHttpsServer, testCa } from '../support/https-server.ts';
import { connectTestPlatform, testOrg } from '../support/platform.ts';
import { multipartBody, postHead, RawConnection } from '../support/raw-http.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');
const rows: string[] = [];
const row = (what: string, measured: string, bound: string) => rows.push(`| ${what} | ${measured} | ${bound} |`);

it('measures each bound', async () => {
  const platform = await connectTestPlatform({
    VERSE_ALLOW_PRIVATE_NETWORK: 'true',
    VERSE_EXTRA_CA_FILE: testCa().caFile,
  });
  const app = await buildGateway(platform);
  await app.listen({ port: 0, host: '127.0.0.1' });
  const host = await startHttpsServer();
  try {
    // A multipart upload that announces 3 MB, sends 20 KB and stops.
    const org = await testOrg(platform);
    const conn = await RawConnection.open((app.server.address() as AddressInfo).port);
    const { body, contentType } = multipartBody(
      { language: 'English' },
      { name: 's.wav', type: 'audio/wav', content: Buffer.alloc(0) },
    );
    const auth = { authorization: `Bearer ${org.api_key}`, 'content-type': contentType };
    await conn.write(postHead('/api/v1/transcribe', auth, 3 * 1024 * 1024));
    await conn.write(body.subarray(0, body.indexOf('\r\n--', body.indexOf('filename='))));
    await conn.write(Buffer.alloc(20 * 1024, 1));
    let started = Date.now();
    const answer = await conn.response(BODY_IDLE_MS + 30_000);
    expect(answer?.status).toBe(408);
    row(
      'stalled upload held until 408',
      `${((Date.now() - started) / 1000).toFixed(1)} s`,
      `${BODY_IDLE_MS / 1000} s idle`,
    );

    // audio_url hosts that break halfway through the body, one fetch attempt each.
    const wav = wavTone(4);
    const breaks = {
      fin: (r: { socket: { end(): void } }) => r.socket.end(),
      reset: (r: { socket: { destroy(): void } }) => r.socket.destroy(),
      stall: () => {},
    };
    for (const [name, then] of Object.entries(breaks)) {
      host.route(`/${name}.wav`, (_req, res) => {
        res.writeHead(200, { 'content-length': String(wav.length) });
        res.write(wav.subarray(0, wav.length / 2), () => then(res as never));
      });
      started = Date.now();
      const error = await fetchAudio(
        `${host.url}/${name}.wav`,
        platform.jobServices.storage,
        platform.jobServices.outbound,
        'org_bench',
      ).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(Error);
      const bound =
        name === 'stall'
          ? `${(AUDIO_PROBE_TIMEOUT_MS + AUDIO_FETCH_IDLE_MS) / 1000} s (HEAD, then GET idle)`
          : 'immediate';
      row(
        `audio_url fetch fails: host ${name === 'fin' ? 'closes (FIN)' : name === 'reset' ? 'drops the connection' : 'falls silent'} halfway`,
        `${((Date.now() - started) / 1000).toFixed(2)} s`,
        bound,
      );
    }

    // Peak memory of a fresh engine process refusing a lying FLAC (declares 3 minutes, decodes to an
    // hour), beside faster-whisper's whole-file decode of the same file (what the engine did before).
    const dir = mkdtempSync(path.join(tmpdir(), 'verse-bench-bomb-'));
    const python = (code: string, ...args: string[]) =>
      execFileSync(path.join(ROOT, 'engine/.venv/bin/python'), ['-c', code, ...args], {
        cwd: path.join(ROOT, 'engine'),
        encoding: 'utf8',
      }).trim();
    python(
      'import sys; sys.path.insert(0, "."); from pathlib import Path; from tests.test_audio import lying_flac; lying_flac(Path(sys.argv[1]), 3600, 180)',
      dir,
    );
    const PEAK = `
import resource, sys, time
from verse_engine import audio
from faster_whisper import decode_audio
started = time.time()
try:
    audio.load(sys.argv[1]) if sys.argv[2] == "bounded" else decode_audio(sys.argv[1], sampling_rate=16000)
except audio.AudioError:
    pass
print(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss // 1024, round(time.time() - started, 2))`;
    const bomb = path.join(dir, 'bomb.flac');
    const [boundedMb, boundedS] = python(PEAK, bomb, 'bounded').split(' ');
    const [wholeMb, wholeS] = python(PEAK, bomb, 'whole').split(' ');
    row(
      'engine process peak memory on a 0.66 MB FLAC that decodes to an hour',
      `${boundedMb} MB, refused in ${boundedS} s`,
      `whole-file decode (before): ${wholeMb} MB in ${wholeS} s`,
    );
  } finally {
    await host.close();
    await app.close();
    await platform.close();
  }
  console.log(['| bound | measured | limit |', '|---|---|---|', ...rows].join('\n'));
});
