import { describe, expect, it } from 'vitest';
import { handleInLanes, type LaneMessage } from '../../../processors/key-lanes.ts';
import { Slots } from '../../../processors/slots.ts';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

interface Message extends LaneMessage {
  /** How long its handler takes. */
  ms: number;
  /** Answer "not due" with this wait instead of handling it. */
  notDue?: number;
  fails?: boolean;
}

const batch = (...specs: [key: string | null, ms: number, extra?: Partial<Message>][]): Message[] =>
  specs.map(([key, ms, extra], i) => ({ key, offset: String(100 + i), ms, ...extra }));

/** Runs a batch and records what the consumer would see. */
/** Handlers in flight, counted across every batch that shares it. */
const newGauge = () => ({ inFlight: 0, most: 0 });

function run(messages: Message[], slots = new Slots(8), keepGoing = () => true, gauge = newGauge()) {
  const started: string[] = [];
  const finished: string[] = [];
  const resolved: string[] = [];
  const inFlightByKey = new Map<string | null, number>();
  let sameKeyOverlap = false;
  let settles = 0;
  const outcome = handleInLanes(messages, {
    slots,
    keepGoing,
    resolve: (offset) => resolved.push(offset),
    settle: async () => {
      settles++;
    },
    handle: async (m) => {
      started.push(m.offset);
      gauge.inFlight++;
      gauge.most = Math.max(gauge.most, gauge.inFlight);
      const same = (inFlightByKey.get(m.key) ?? 0) + 1;
      inFlightByKey.set(m.key, same);
      if (m.key !== null && same > 1) sameKeyOverlap = true;
      try {
        await sleep(m.ms);
        if (m.fails) throw new Error(`stopping during ${m.offset}`);
        if (m.notDue !== undefined) return m.notDue;
        finished.push(m.offset);
        return null;
      } finally {
        gauge.inFlight--;
        inFlightByKey.set(m.key, (inFlightByKey.get(m.key) ?? 1) - 1);
      }
    },
  });
  return { outcome, started, finished, resolved, stats: () => ({ mostInFlight: gauge.most, sameKeyOverlap, settles }) };
}

describe('key lanes: several messages of a partition in flight, one job at a time', () => {
  it('runs different keys side by side and one key in offset order, never two of it at once', async () => {
    const r = run(batch(['a', 30], ['b', 30], ['a', 10], ['c', 30], ['b', 10]));
    expect(await r.outcome).toBeNull();
    expect(r.stats().mostInFlight).toBe(3);
    expect(r.stats().sameKeyOverlap).toBe(false);
    expect(r.started.indexOf('100')).toBeLessThan(r.started.indexOf('102'));
    expect(r.started.indexOf('101')).toBeLessThan(r.started.indexOf('104'));
    expect(r.resolved).toEqual(['100', '101', '102', '103', '104']);
  });

  it('resolves an offset only when every offset before it is done, though later ones finish first', async () => {
    const r = run(batch(['slow', 60], ['fast', 5], ['fast2', 5]));
    await sleep(30);
    expect(r.finished).toEqual(['101', '102']);
    expect(r.resolved).toEqual([]);
    await r.outcome;
    expect(r.resolved).toEqual(['100', '101', '102']);
    expect(r.stats().settles).toBeGreaterThan(0);
  });

  it('holds at most as many messages in flight as the slots, shared between batches', async () => {
    const slots = new Slots(2);
    const gauge = newGauge();
    const one = run(batch(['a', 20], ['b', 20], ['c', 20]), slots, () => true, gauge);
    const two = run(batch(['d', 20], ['e', 20]), slots, () => true, gauge);
    await Promise.all([one.outcome, two.outcome]);
    expect(one.resolved).toEqual(['100', '101', '102']);
    expect(two.resolved).toEqual(['100', '101']);
    expect(gauge.most).toBe(2);
  });

  it('halts on a message that is not due: nothing new starts, and offsets stop before it', async () => {
    const r = run(batch(['a', 5], ['b', 10, { notDue: 500 }], ['b', 5], ['c', 40], ['d', 5]), new Slots(2));
    expect(await r.outcome).toBe(500);
    // The rest of b's lane never runs: a job's messages keep their order across the pause.
    expect(r.started).not.toContain('102');
    expect(r.resolved).toEqual(['100']);
  });

  it('passes on a failure once the other lanes are done, with the offsets before it resolved', async () => {
    const r = run(batch(['a', 5], ['b', 10, { fails: true }], ['c', 30]));
    await expect(r.outcome).rejects.toThrow('stopping during 101');
    expect(r.finished).toEqual(['100', '102']);
    expect(r.resolved).toEqual(['100']);
  });

  it('starts nothing once the consumer stops or the batch goes stale', async () => {
    let going = true;
    const r = run(batch(['a', 20], ['a', 20], ['b', 20]), new Slots(1), () => going);
    await sleep(5);
    going = false;
    expect(await r.outcome).toBeNull();
    expect(r.started).toEqual(['100']);
    expect(r.resolved).toEqual(['100']);
  });

  it('keeps no order between messages without a key', async () => {
    const r = run(batch([null, 20], [null, 20]));
    await r.outcome;
    expect(r.stats().mostInFlight).toBe(2);
  });
});
