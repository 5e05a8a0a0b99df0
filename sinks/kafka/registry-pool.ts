/**
 * The schema registry as a pool of instances that share one store (Apicurio on KafkaSQL, or a
 * Confluent cluster): each call goes to the instance that answered last and moves on to the next
 * when one does not answer. Schemas are kept once fetched, so a running processor needs the
 * registry only for a schema it has not seen. A registry's own "no" (an unknown schema id, a value
 * that does not match its schema) is an answer, not an outage, and is not tried elsewhere.
 */
import { type SchemaRegistry, SchemaType } from '@kafkajs/confluent-schema-registry';
import { ConfluentSchemaRegistryError } from '@kafkajs/confluent-schema-registry/dist/errors.js';
import { isRegistryUnavailable } from '../unavailable.ts';

export interface SchemaRegistryPool {
  encode(schemaId: number, message: unknown): Promise<Buffer>;
  decode(buffer: Buffer): Promise<unknown>;
  getLatestSchemaId(subject: string): Promise<number>;
  register(schema: string, subject: string): Promise<number>;
}

export class FailoverRegistry implements SchemaRegistryPool {
  private current = 0;

  constructor(private readonly instances: SchemaRegistry[]) {
    if (instances.length === 0) throw new Error('a schema registry pool needs at least one instance');
  }

  private async call<T>(fn: (registry: SchemaRegistry) => Promise<T>): Promise<T> {
    let lastError: unknown;
    for (let tried = 0; tried < this.instances.length; tried++) {
      const index = (this.current + tried) % this.instances.length;
      try {
        const result = await fn(this.instances[index]!);
        this.current = index;
        return result;
      } catch (error) {
        if (error instanceof ConfluentSchemaRegistryError || !isRegistryUnavailable(error)) throw error;
        lastError = error;
      }
    }
    throw lastError;
  }

  encode(schemaId: number, message: unknown): Promise<Buffer> {
    return this.call((r) => r.encode(schemaId, message));
  }

  decode(buffer: Buffer): Promise<unknown> {
    return this.call((r) => r.decode(buffer));
  }

  getLatestSchemaId(subject: string): Promise<number> {
    return this.call((r) => r.getLatestSchemaId(subject));
  }

  async register(schema: string, subject: string): Promise<number> {
    return (await this.call((r) => r.register({ type: SchemaType.JSON, schema }, { subject }))).id;
  }
}
