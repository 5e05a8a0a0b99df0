/**
 * Cassandra runs with a coarse timer slack (ops/cassandra.sh, ops/with-timer-slack.py): its request
 * threads' spinning sleeps then cost the shared cores far fewer wake-ups. The helper must reach every
 * thread the command starts, since those are the threads that spin.
 */
import { execFile } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '../..');
const HELPER = path.join(ROOT, 'ops/with-timer-slack.py');
const run = promisify(execFile);
const KERNEL_DEFAULT_SLACK_NS = 50_000;

/** The timer slack of each thread of a process, in nanoseconds. */
function threadSlacks(pid: number): number[] {
  return readdirSync(`/proc/${pid}/task`).flatMap((tid) => {
    try {
      return [Number(readFileSync(`/proc/${tid}/timerslack_ns`, 'utf8'))];
    } catch {
      return []; // the thread ended between the listing and the read
    }
  });
}

/** The Cassandra that `ops/cassandra.sh start` left running, if that is the one the tests use. */
function opsCassandraPid(): number | null {
  const file = path.join(ROOT, 'var/run/cassandra.pid');
  if (!existsSync(file)) return null;
  const pid = Number(readFileSync(file, 'utf8'));
  return existsSync(`/proc/${pid}`) ? pid : null;
}

describe('with-timer-slack', () => {
  it('sets the slack for the command and for a thread the command starts', async () => {
    const probe = [
      'import threading',
      // Only /proc/<tid>/ has the file, not /proc/<pid>/task/<tid>/.
      'slack = lambda: open(f"/proc/{threading.get_native_id()}/timerslack_ns").read().strip()',
      'own = slack()',
      'seen = []',
      't = threading.Thread(target=lambda: seen.append(slack()))',
      't.start(); t.join()',
      'print(own, seen[0])',
    ].join('\n');
    const { stdout } = await run(HELPER, ['300', 'python3', '-c', probe]);
    expect(stdout.trim()).toBe('300000 300000');
  });

  it('refuses to run without a command', async () => {
    await expect(run(HELPER, ['300'])).rejects.toMatchObject({ stderr: expect.stringMatching(/usage/) });
  });

  // 0 would restore the kernel's default rather than set a slack; a typo must not start Cassandra.
  it.each(['0', '-5', '200us', ''])('refuses the slack %j with its usage, running nothing', async (slack) => {
    await expect(run(HELPER, [slack, 'touch', '/tmp/verse-timer-slack-ran'])).rejects.toMatchObject({
      stderr: expect.stringMatching(/MICROSECONDS a whole number/),
    });
    expect(existsSync('/tmp/verse-timer-slack-ran')).toBe(false);
  });

  it.skipIf(opsCassandraPid() === null)('Cassandra started by ops/cassandra.sh runs every thread with it', () => {
    const slacks = threadSlacks(opsCassandraPid()!);
    expect(slacks.length).toBeGreaterThan(20);
    expect(new Set(slacks).size).toBe(1);
    expect(slacks[0]).toBeGreaterThan(KERNEL_DEFAULT_SLACK_NS);
  });
});
