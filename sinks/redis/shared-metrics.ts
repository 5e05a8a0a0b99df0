/**
 * Metrics that every process adds to and the gateway exposes: processors run as many processes,
 * none of them serving HTTP, so their counters and histograms live in one Redis hash per
 * namespace (HINCRBY is atomic across processes) and GET /metrics renders it as Prometheus text.
 */

import type { Redis } from 'ioredis';
import type { SharedCounters } from '../../core/ports/metrics.ts';

/** Seconds; a message's handling ranges from milliseconds (a webhook) to minutes (a song). */
export const DURATION_BUCKETS = [0.05, 0.25, 1, 5, 15, 30, 60, 120, 300, 600] as const;

type Labels = Record<string, string>;

const labelText = (labels: Labels) =>
  Object.entries(labels)
    .map(([k, v]) => `${k}="${v.replace(/\\/g, '\\\\').replace(/"/g, '\\"').replace(/\n/g, '\\n')}"`)
    .join(',');

const seriesKey = (name: string, labels: Labels) => `${name}{${labelText(labels)}}`;

/** Series grouped by their labels (le aside), buckets in increasing le as the exposition format requires. */
function seriesOrder(a: string, b: string): number {
  const parse = (k: string) => {
    const le = /le="([^"]+)"/.exec(k)?.[1];
    return {
      rest: k.replace(/,?le="[^"]+"/, '').replace(/_(bucket|sum|count)\{/, '{'),
      suffix: k,
      le: le === '+Inf' ? Infinity : Number(le ?? 0),
    };
  };
  const x = parse(a);
  const y = parse(b);
  return x.rest.localeCompare(y.rest) || (x.le !== y.le ? x.le - y.le : x.suffix.localeCompare(y.suffix));
}

export const METRIC_HELP: Record<string, { type: 'counter' | 'histogram'; help: string }> = {
  verse_processor_message_duration_seconds: {
    type: 'histogram',
    help: 'Time a processor spent on one message, by consumer group and outcome (the stage durations).',
  },
  verse_webhook_attempts_total: {
    type: 'counter',
    help: 'Webhook delivery attempts by event and outcome (delivered, failed, no_answer, refused).',
  },
  verse_webhook_dead_letters_total: {
    type: 'counter',
    help: 'Webhook events that used all four attempts and became dead letters, by event.',
  },
  verse_outbox_sweeps_total: {
    type: 'counter',
    help: 'Outbox sweeps by outcome (ok, failed): rising while at least one sweeper runs.',
  },
  verse_outbox_redone_total: {
    type: 'counter',
    help: 'Job changes whose unfinished side effects a sweeper redid.',
  },
};

export class SharedMetrics implements SharedCounters {
  private readonly key: string;

  constructor(
    private readonly redis: Redis,
    namespace: string,
  ) {
    this.key = `${namespace}:metrics`;
  }

  async count(name: string, labels: Labels, by = 1): Promise<void> {
    await this.redis.hincrby(this.key, seriesKey(name, labels), by);
  }

  async observe(name: string, labels: Labels, seconds: number): Promise<void> {
    const multi = this.redis.multi();
    for (const le of DURATION_BUCKETS) {
      if (seconds <= le) multi.hincrby(this.key, seriesKey(`${name}_bucket`, { ...labels, le: String(le) }), 1);
    }
    multi.hincrby(this.key, seriesKey(`${name}_bucket`, { ...labels, le: '+Inf' }), 1);
    multi.hincrbyfloat(this.key, seriesKey(`${name}_sum`, labels), seconds);
    multi.hincrby(this.key, seriesKey(`${name}_count`, labels), 1);
    await multi.exec();
  }

  /** Prometheus text exposition of every shared series. */
  async render(): Promise<string> {
    const all = await this.redis.hgetall(this.key);
    const lines: string[] = [];
    for (const [name, meta] of Object.entries(METRIC_HELP)) {
      lines.push(`# HELP ${name} ${meta.help}`, `# TYPE ${name} ${meta.type}`);
      const series = Object.entries(all)
        .filter(([k]) => k.startsWith(`${name}{`) || k.startsWith(`${name}_`))
        .sort(([a], [b]) => seriesOrder(a, b));
      for (const [k, v] of series) lines.push(`${k} ${v}`);
    }
    return `${lines.join('\n')}\n`;
  }
}
