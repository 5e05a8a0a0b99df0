/**
 * Timed files in object storage, under outputs/{job_id}/{revision}/: written by the alignment
 * processor as soon as timings exist, read by the download endpoints. A file missing for the
 * current revision (lines changed by an approval or a re-alignment since) is rendered, stored and
 * served on its first download.
 */
import type { JobRecord } from '../jobs/job.ts';
import type { ObjectStore } from '../ports/object-store.ts';
import { availableOutputs, outputFormat, outputRevision } from '../render/outputs.ts';
import type { Variant } from '../render/timed-lines.ts';

export class OutputFiles {
  constructor(private readonly storage: ObjectStore) {}

  private keyOf(job: JobRecord, revision: string, type: string, variant: Variant): string {
    return `outputs/${job.job_id}/${revision}/${type}.${variant}`;
  }

  private async render(job: JobRecord, key: string, type: string, variant: Variant): Promise<Buffer> {
    const format = outputFormat(type);
    if (!format) throw new Error(`unknown output type ${type}`);
    const body = Buffer.from(format.render(job, variant), 'utf8');
    await this.storage.put(key, body);
    return body;
  }

  /** Renders and stores every file the job offers with these lines. */
  async storeAll(job: JobRecord): Promise<number> {
    const revision = outputRevision(job); // one hash of the lines for all of the job's files
    const outputs = availableOutputs(job);
    await Promise.all(
      outputs.map(({ type, variant }) => this.render(job, this.keyOf(job, revision, type, variant), type, variant)),
    );
    return outputs.length;
  }

  async read(job: JobRecord, type: string, variant: Variant): Promise<Buffer> {
    const key = this.keyOf(job, outputRevision(job), type, variant);
    if (!(await this.storage.exists(key))) return this.render(job, key, type, variant);
    const chunks: Buffer[] = [];
    for await (const chunk of await this.storage.get(key)) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks);
  }
}
