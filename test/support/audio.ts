import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

/** A 16-bit mono PCM WAV of samples in [-1, 1]. */
export function pcmWav(samples: Float32Array, sampleRate: number): Buffer {
  const buf = Buffer.alloc(44 + samples.length * 2);
  buf.write('RIFF', 0, 'latin1');
  buf.writeUInt32LE(36 + samples.length * 2, 4);
  buf.write('WAVE', 8, 'latin1');
  buf.write('fmt ', 12, 'latin1');
  buf.writeUInt32LE(16, 16);
  buf.writeUInt16LE(1, 20);
  buf.writeUInt16LE(1, 22);
  buf.writeUInt32LE(sampleRate, 24);
  buf.writeUInt32LE(sampleRate * 2, 28);
  buf.writeUInt16LE(2, 32);
  buf.writeUInt16LE(16, 34);
  buf.write('data', 36, 'latin1');
  buf.writeUInt32LE(samples.length * 2, 40);
  samples.forEach((v, i) => {
    buf.writeInt16LE(Math.round(Math.max(-1, Math.min(1, v)) * 32767), 44 + i * 2);
  });
  return buf;
}

/** Small audio made in the test: a WAV sine tone (no external tools), 16 kHz mono 16-bit. */
export function wavTone(seconds = 1, frequency = 440, sampleRate = 16000): Buffer {
  const samples = new Float32Array(Math.round(seconds * sampleRate));
  for (let i = 0; i < samples.length; i++)
    samples[i] = Math.sin((2 * Math.PI * frequency * i) / sampleRate) * (8000 / 32767);
  return pcmWav(samples, sampleRate);
}

/**
 * Plucked guitar-like chords (Karplus-Strong strings, C Am F G, two a second), no voice: an
 * instrumental made in the test. Deterministic (a fixed-seed noise burst starts each string).
 */
export function pluckedChords(seconds: number, sampleRate = 22050): Float32Array {
  const chords = [
    [130.81, 164.81, 196.0],
    [110.0, 130.81, 164.81],
    [87.31, 110.0, 130.81],
    [98.0, 123.47, 146.83],
  ];
  const out = new Float32Array(Math.round(seconds * sampleRate));
  let seed = 12345;
  const noise = () => {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    return (seed / 2147483648) * 2 - 1;
  };
  const beat = Math.round(0.5 * sampleRate);
  for (let at = 0, n = 0; at < out.length; at += beat, n++) {
    for (const frequency of chords[n % chords.length]!) {
      const string = Float32Array.from({ length: Math.round(sampleRate / frequency) }, noise);
      for (let i = 0; i < 2 * beat && at + i < out.length; i++) {
        const j = i % string.length;
        out[at + i]! += string[j]! * 0.15;
        string[j] = 0.498 * (string[j]! + string[(j + 1) % string.length]!);
      }
    }
  }
  return out;
}

/** Speech with known text, spoken by espeak-ng (installed by ops/engine.sh). */
export function spokenWav(voice: string, text: string): Buffer {
  const dir = mkdtempSync(path.join(tmpdir(), 'verse-speech-'));
  const file = path.join(dir, 'speech.wav');
  execFileSync('espeak-ng', ['-v', voice, '-w', file, text]);
  return readFileSync(file);
}
