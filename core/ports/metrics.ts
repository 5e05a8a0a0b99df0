/**
 * Counters and histograms shared by every process (rendered by the gateway's /metrics).
 * Adapter: sinks/redis/shared-metrics.ts.
 */
export type MetricLabels = Record<string, string>;

export interface SharedCounters {
  count(name: string, labels: MetricLabels, by?: number): Promise<void>;
  observe(name: string, labels: MetricLabels, seconds: number): Promise<void>;
  /** Prometheus text of every shared series. */
  render(): Promise<string>;
}

/** Messages a consumer group has not processed yet, per topic (adapter: sinks/kafka/consumer-lag.ts). */
export interface LagRow {
  group: string;
  topic: string;
  lag: number;
}
