import { describe, expect, it } from 'vitest';
import { NoStoredAudioError, realign } from '../../../../core/app/realign.ts';
import type { JobRecord } from '../../../../core/jobs/job.ts';
import { lineTextHash } from '../../../../core/jobs/line-text.ts';
import { type AlignRequest, type Engine, EngineError } from '../../../../core/ports/engine.ts';
import { unitJobRecord } from '../../../support/jobs.ts';
import { untimedLine } from '../../../support/lyrics.ts';

const line = (text: string) => untimedLine(text);

function job(audioKey: string | null): JobRecord {
  return { ...unitJobRecord(), audio_key: audioKey };
}

/** An engine that times `answered` of the lines it is given, one second each. */
function engineTiming(answered: (given: number) => number): Engine & { requests: AlignRequest[] } {
  const requests: AlignRequest[] = [];
  return {
    requests,
    async align(request) {
      requests.push(request);
      const n = answered(request.lines.length);
      return {
        lines: Array.from({ length: n }, (_, i) => ({
          start: i,
          end: i + 1,
          words: null,
          confidence: 0.9,
          flagged: false,
        })),
        alignment: { method: 'test', flagged_lines: 0, aligner_version: 'v', coverage: 1 },
      };
    },
    transcribe: () => Promise.reject(new Error('not used')),
    alignerVersion: async () => 'v',
    romanise: async (_l, lines) => lines,
  };
}

describe('realign: the one way lines get timings', () => {
  const lines = [line('first line'), line('second line')];

  it('times every line against the stored audio and stamps the texts it timed', async () => {
    const engine = engineTiming((n) => n);
    const out = await realign(engine, job('audio/org_unit/a'), lines);
    expect(engine.requests[0]).toMatchObject({ audioKey: 'audio/org_unit/a', wordLevel: true });
    expect(out.lines.map((l) => [l.start, l.end])).toEqual([
      [0, 1],
      [1, 2],
    ]);
    expect(out.alignment.text_sha256).toBe(lineTextHash(lines));
  });

  it.each([
    ['fewer', (n: number) => n - 1],
    ['more', (n: number) => n + 1],
  ])('an answer with %s timings than lines is no usable alignment, in our words', async (_what, answered) => {
    const error = await realign(engineTiming(answered), job('audio/org_unit/a'), lines).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(EngineError);
    expect(error).toMatchObject({ retriable: false, publicMessage: 'The aligner did not time every line.' });
  });

  it('a job without stored audio is refused before the engine is asked', async () => {
    const engine = engineTiming((n) => n);
    await expect(realign(engine, job(null), lines)).rejects.toBeInstanceOf(NoStoredAudioError);
    expect(engine.requests).toEqual([]);
  });

  it('completes an instrumental (no line to time) without asking the engine', async () => {
    const engine = engineTiming((n) => n);
    const result = await realign(engine, job('audio/key'), []);
    expect(engine.requests).toEqual([]);
    expect(result).toEqual({
      lines: [],
      alignment: { method: 'instrumental', flagged_lines: 0, coverage: 1, text_sha256: lineTextHash([]) },
    });
  });
});
