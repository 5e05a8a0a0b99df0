import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

/** Small audio made in the test: a WAV sine tone (no external tools), 16 kHz mono 16-bit. */
export function wavTone(seconds = 1, frequency = 440, sampleRate = 16000): Buffer {
  const samples = Math.round(seconds * sampleRate);
  const buf = Buffer.alloc(44 + samples * 2);
  buf.write('RIFF', 0, 'latin1');
  buf.writeUInt32LE(36 + samples * 2, 4);
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
  buf.writeUInt32LE(samples * 2, 40);
  for (let i = 0; i < samples; i++) {
    buf.writeInt16LE(Math.round(Math.sin((2 * Math.PI * frequency * i) / sampleRate) * 8000), 44 + i * 2);
  }
  return buf;
}

/** Speech with known text, spoken by espeak-ng (installed by ops/engine.sh). */
export function spokenWav(voice: string, text: string): Buffer {
  const dir = mkdtempSync(path.join(tmpdir(), 'verse-speech-'));
  const file = path.join(dir, 'speech.wav');
  execFileSync('espeak-ng', ['-v', voice, '-w', file, text]);
  return readFileSync(file);
}
