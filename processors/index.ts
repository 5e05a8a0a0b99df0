/** Every processor the platform runs, by name. `verse serve` starts one process per entry. */
import type { Platform } from '../ops/platform.ts';
import type { TopicKey } from '../sinks/kafka/topics.ts';
import type { ProcessorSpec } from './runtime.ts';

export type ProcessorFactory = (platform: Platform) => ProcessorSpec<TopicKey> | Promise<ProcessorSpec<TopicKey>>;

export const PROCESSORS: Record<string, ProcessorFactory> = {};
