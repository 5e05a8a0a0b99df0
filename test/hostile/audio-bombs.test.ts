/**
 * Audio that lies, sent to the running speech engine (the one `make test` starts): a small FLAC whose
 * header declares 3 minutes but that decodes to an hour, a long silent MP3, and a WAV whose header
 * declares a huge sample rate and length. Each is refused with a clear reason within seconds, and
 * the engine's peak memory barely moves: it decodes as a stream under a sample budget, never the
 * whole file first. The files are made here, by the engine's own Python (PyAV).
 */
import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { createReadStream, mkdtempSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { findLanguage } from '../../core/languages.ts';
import { EngineError } from '../../core/ports/engine.ts';
import { objectStoreFor } from '../../ops/platform.ts';
import { HttpEngine } from '../../sinks/engine/http-engine.ts';
import { wavTone } from '../support/audio.ts';
import { testConfig } from '../support/platform.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');
const PYTHON = path.join(ROOT, 'engine/.venv/bin/python');

/** Writes the hostile files with PyAV, as the engine's tests do. */
const MAKE_BOMBS = `
import struct, sys
from pathlib import Path
sys.path.insert(0, ".")
import av, numpy as np
from tests.test_audio import lying_flac

out = Path(sys.argv[1])
lying_flac(out, actual_seconds=60 * 60, declared_seconds=180).rename(out / "lying.flac")

with av.open(str(out / "silent.mp3"), "w", format="mp3") as container:
    stream = container.add_stream("libmp3lame", rate=8000)
    stream.layout = "mono"
    stream.bit_rate = 8000
    silence = np.zeros((1, 8000 * 60), dtype=np.int16)
    resampler = av.AudioResampler(format=stream.codec_context.format.name, layout="mono", rate=8000)
    for _ in range(20):
        frame = av.AudioFrame.from_ndarray(silence, format="s16", layout="mono")
        frame.sample_rate = 8000
        for chunk in resampler.resample(frame):
            for packet in stream.encode(chunk):
                container.mux(packet)
    for packet in stream.encode(None):
        container.mux(packet)

# A WAV header claiming 8 channels at 384 kHz and 4 GB of data, over one second of real samples.
pcm = np.zeros(16000, dtype=np.int16).tobytes()
header = b"RIFF" + struct.pack("<I", 0xFFFFFFF0) + b"WAVEfmt " + struct.pack("<IHHIIHH", 16, 1, 8, 384000, 384000 * 16, 16, 16)
(out / "lying.wav").write_bytes(header + b"data" + struct.pack("<I", 0xFFFFFFE0) + pcm)
`;

const engine = () => new HttpEngine(testConfig().engineUrl);

/** Puts a file into the object store the running engine reads, and returns its key. */
async function stored(file: string): Promise<string> {
  const key = `audio/org_bombs/${randomUUID()}`;
  await objectStoreFor(testConfig()).put(key, createReadStream(file));
  return key;
}
const english = findLanguage('English')!;
let dir: string;

/** The engine process's peak resident memory so far (VmHWM), in MB. */
function enginePeakMb(): number {
  const pid = readFileSync(path.join(ROOT, 'var/run/engine.pid'), 'utf8').trim();
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmHWM:\s+(\d+) kB/.exec(status)![1]) / 1024;
}

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'verse-bombs-'));
  execFileSync(PYTHON, ['-c', MAKE_BOMBS, dir], { cwd: path.join(ROOT, 'engine'), stdio: 'pipe' });
  // The engine loads its model on its first song; that one-time jump (hundreds of MB) is not what
  // these tests measure, so a short real clip goes first.
  const warmUp = `audio/org_bombs/${randomUUID()}`;
  await objectStoreFor(testConfig()).put(warmUp, wavTone(1));
  await engine()
    .transcribe({ audioKey: warmUp, language: english, romanisation: 'standard' })
    .catch(() => undefined);
}, 120_000);

describe('audio that lies about itself', () => {
  it.each([
    [
      'a 0.7 MB FLAC that declares 3 minutes and decodes to an hour',
      'lying.flac',
      'The audio is longer than the 15-minute limit.',
    ],
    ['a 20-minute silent MP3', 'silent.mp3', 'The audio is longer than the 15-minute limit.'],
    ['a WAV that declares 8 channels at 384 kHz and 4 GB of data', 'lying.wav', null],
  ])('%s is refused with a clear reason in seconds, in bounded memory', async (_what, name, expected) => {
    const file = path.join(dir, name);
    expect(statSync(file).size).toBeLessThan(2_000_000);
    const peakBefore = enginePeakMb();
    const started = Date.now();
    const audioKey = await stored(file);
    const error = await engine()
      .transcribe({ audioKey, language: english, romanisation: 'standard' })
      .then(() => null)
      .catch((e: unknown) => e);
    const took = Date.now() - started;
    const grewMb = enginePeakMb() - peakBefore;
    expect(error).toBeInstanceOf(EngineError);
    const engineError = error as EngineError;
    expect(engineError.retriable).toBe(false);
    if (expected) expect(engineError.publicMessage).toBe(expected);
    // Never the engine's own words (paths, FFmpeg messages) in what a client reads.
    expect(engineError.publicMessage).not.toMatch(/ffmpeg|\/tmp|Errno|answered/i);
    expect(took).toBeLessThan(20_000);
    expect(grewMb).toBeLessThan(150);
  });

  it('a request the engine refuses is reported to clients in our words, not the engine’s', async () => {
    const file = path.join(dir, 'lying.wav');
    const error = await engine()
      .align({ audioKey: await stored(file), language: english, lines: [], wordLevel: true })
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ retriable: false, publicMessage: 'No lyrics were heard to align.' });
    expect((error as Error).message).toMatch(/answered 400/);
  });
});
