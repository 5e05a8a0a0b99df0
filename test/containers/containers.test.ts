/**
 * Verse's images as a platform team runs them (`make test-containers`, which builds them with podman
 * and starts the Verse services of docker-compose.yml through ops/containers.sh): one real song
 * through the API, the real engine in its container, and the transcription container killed while
 * the engine works on the song. The job must still complete, with its LRC.
 */
import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { spokenWav } from '../support/audio.ts';
import { eventually } from '../support/pipeline.ts';
import { pollJobUntilSettled } from '../support/polling.ts';

const run = promisify(execFile);
const ROOT = path.resolve(import.meta.dirname, '../..');
const CONTAINERS = path.join(ROOT, 'ops/containers.sh');
const GATEWAY = `http://127.0.0.1:${process.env.VERSE_CONTAINERS_GATEWAY_PORT ?? '18100'}`;
const PODMAN = ['--runtime', '/usr/sbin/runc', '--cgroup-manager=cgroupfs'];
const COMPOSE = path.join(ROOT, 'var/containers/compose-venv/bin/podman-compose');

const compose = async (...args: string[]) => (await run(CONTAINERS, ['compose', ...args], { cwd: ROOT })).stdout;
const podman = async (...args: string[]) => (await run('podman', [...PODMAN, ...args])).stdout;

/** The last JSON object a command printed (podman-compose may print before it). */
function lastJson(stdout: string): Record<string, unknown> {
  const start = stdout.lastIndexOf('\n{');
  return JSON.parse(stdout.slice(start + 1));
}

describe('docker-compose.yml', () => {
  it('runs every component a production deployment needs, in production mode, with what persists on volumes', async () => {
    const secrets = {
      VERSE_CURSOR_SECRET: 'c',
      VERSE_REVIEW_SECRET: 'r',
      VERSE_METRICS_TOKEN: 'm',
      VERSE_S3_SECRET_KEY: 's',
    };
    const config = async (env: Record<string, string>) =>
      run(COMPOSE, ['-f', path.join(ROOT, 'docker-compose.yml'), 'config'], { env: { ...process.env, ...env } });
    const { stdout } = await config(secrets);
    const services = new Set([...stdout.matchAll(/^ {2}([a-z0-9-]+):$/gm)].map((m) => m[1]));
    for (const component of [
      'migrate',
      'gateway',
      'transcription',
      'alignment',
      'webhook',
      'review-timer',
      'sweeper',
      'engine',
    ])
      expect(services, component).toContain(component);
    for (const store of [
      'kafka-1',
      'kafka-2',
      'kafka-3',
      'cassandra-1',
      'cassandra-2',
      'cassandra-3',
      'redis-1',
      'redis-2',
    ])
      expect(services, store).toContain(store);
    expect(stdout).toContain('VERSE_MODE: production');
    expect(stdout).toContain('APICURIO_STORAGE_KIND: kafkasql');
    expect(stdout).toMatch(/appendonly/);
    // Without its secrets (unset or empty), compose refuses to start.
    const blank = Object.fromEntries(Object.keys(secrets).map((name) => [name, '']));
    await expect(config(blank)).rejects.toThrow(/set VERSE_/);
  });
});

describe('the images, run from docker-compose.yml', () => {
  it('complete a real song through the API while the transcription container is killed mid-job', async () => {
    // The CLI of the image, as an operator runs it: `docker compose run --rm migrate org create …`.
    const org = lastJson(
      await compose('run', '--rm', '--no-deps', 'migrate', 'org', 'create', '--name', 'Containers', '--credits', '5'),
    );
    const auth = { authorization: `Bearer ${org.api_key as string}` };
    // podman logs answers a container's stdout on its stdout and its stderr on its stderr.
    const logs = async (container: string) => {
      const { stdout, stderr } = await run('podman', [...PODMAN, 'logs', container]);
      return stdout + stderr;
    };
    const count = (text: string, what: string) => text.split(what).length - 1;
    const enginePosts = async () => count(await logs('verse-test_engine_1'), 'POST /v1/verse/transcribe');
    const before = await enginePosts();

    const form = new FormData();
    form.set('language', 'English');
    form.set('file', new Blob([spokenWav('en', 'Sing along with me tonight')], { type: 'audio/wav' }), 'song.wav');
    const submitted = await fetch(`${GATEWAY}/api/v1/transcribe`, { method: 'POST', body: form, headers: auth });
    expect(submitted.status).toBe(202);
    const { job_id: jobId } = (await submitted.json()) as { job_id: string };

    // The transcription processor has taken the song and the engine works on it (about 10 s): kill it.
    const transcriptionOf = (text: string) =>
      text.split('\n').filter((line) => line.includes(jobId) && line.includes('"msg":"transcription started"'));
    await eventually(
      async () => transcriptionOf(await logs('verse-test_transcription_1')).length > 0,
      120_000,
      'the transcription started',
    );
    await podman('kill', '--signal', 'KILL', 'verse-test_transcription_1');
    // podman shows a killed container as "stopped" until its cleanup has run, then "exited".
    const killed = await eventually(
      async () => {
        const state = await podman(
          'inspect',
          '--format',
          '{{.State.Status}} {{.State.ExitCode}}',
          'verse-test_transcription_1',
        );
        return state.startsWith('exited') ? state.trim() : null;
      },
      30_000,
      'the killed container to be cleaned up',
    );
    expect(killed).toBe('exited 137');
    // What an orchestrator does with a container that died: starts it again.
    await podman('start', 'verse-test_transcription_1');

    const job = await pollJobUntilSettled(GATEWAY, jobId, auth, 300_000);
    expect(job.status).toBe('complete');
    const lrc = await fetch(`${GATEWAY}/api/v1/jobs/${jobId}/download/lrc/original`, { headers: auth });
    expect(lrc.status).toBe(200);
    expect(await lrc.text()).toMatch(/^\[\d\d:\d\d\.\d\d\]/m);
    // The restarted container took the song again and the engine answered it: the kill came
    // mid-job, and the work it cut off was redone rather than lost. (The request cut off with the
    // container is not in the engine's access log, which records answers.)
    expect(transcriptionOf(await logs('verse-test_transcription_1')).length).toBe(2);
    expect(await enginePosts()).toBeGreaterThanOrEqual(before + 1);
  });
});
