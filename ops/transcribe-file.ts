/**
 * `verse transcribe FILE --language NAME [--out DIR]`: the engine's whole work on one song without
 * the platform (no Kafka, Cassandra or Redis), writing the result JSON and the timed files. The
 * timings here are the recogniser's own word times; the platform's alignment stage refines them.
 */
import { spawn } from 'node:child_process';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { LyricLine } from '../core/jobs/job.ts';
import { renderLrc } from '../core/render/lrc.ts';
import { renderSrt } from '../core/render/srt.ts';
import { timedLines } from '../core/render/timed-lines.ts';
import { renderWords } from '../core/render/words.ts';

export const ENGINE_CLI = path.resolve(import.meta.dirname, 'engine.sh');

/** Runs the engine CLI with progress on our stderr; resolves with its stdout. */
export function runEngineCli(args: string[], capture: boolean): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(ENGINE_CLI, ['cli', ...args], { stdio: ['ignore', capture ? 'pipe' : 'inherit', 'inherit'] });
    let out = '';
    child.stdout?.on('data', (d) => {
      out += d;
    });
    child.on('error', reject);
    child.on('exit', (code) => (code === 0 ? resolve(out) : reject(new Error(`engine exited with ${code}`))));
  });
}

export async function transcribeFile(file: string, language: string, outDir: string): Promise<Record<string, string>> {
  const result = JSON.parse(await runEngineCli(['transcribe', path.resolve(file), '--language', language], true)) as {
    duration_seconds: number;
    lines: LyricLine[];
  };
  await mkdir(outDir, { recursive: true });
  const stem = path.basename(file).replace(/\.[^.]+$/, '');
  const written: Record<string, string> = {};
  const write = async (name: string, content: string) => {
    const target = path.join(outDir, name);
    await writeFile(target, content);
    written[name] = target;
  };
  await write(`${stem}.json`, `${JSON.stringify(result, null, 1)}\n`);
  for (const variant of ['original', 'transliterated'] as const) {
    const suffix = variant === 'original' ? '' : '_transliterated';
    const lines = timedLines(result.lines, variant);
    await write(`${stem}${suffix}.lrc`, renderLrc(lines, { durationSeconds: result.duration_seconds }));
    await write(`${stem}${suffix}.srt`, renderSrt(lines));
    await write(`${stem}${suffix}_words.json`, `${JSON.stringify(renderWords(lines), null, 1)}\n`);
  }
  return written;
}
