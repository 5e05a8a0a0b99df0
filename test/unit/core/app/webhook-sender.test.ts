/**
 * Webhook delivery as an application service, on in-memory stores and a stand-in for the signed
 * POST: every attempt logged, success settles the event and clears its dead letters, an attempt
 * whose outcome is recorded is never sent again, and nothing is sent without a key to sign with.
 */
import { describe, expect, it } from 'vitest';
import { WebhookSender } from '../../../../core/app/webhook-sender.ts';
import { createOrganisation } from '../../../../core/provisioning.ts';
import type { DeliveryOutcome, SignedDelivery } from '../../../../core/webhooks/deliver.ts';
import { ManualClock } from '../../../doubles/clock.ts';
import { MemoryOrganisationStore } from '../../../doubles/organisations.ts';
import { MemoryDeadLetters, MemoryDeliveryLog, MemoryWebhookEvents } from '../../../doubles/webhook-stores.ts';

async function sender(answers: DeliveryOutcome[]) {
  const orgs = new MemoryOrganisationStore();
  const org = await createOrganisation(orgs, { name: 'unit', plan: 'full', credits: 1, scope: 'all' });
  const posted: SignedDelivery[] = [];
  const stores = {
    events: new MemoryWebhookEvents(),
    deliveries: new MemoryDeliveryLog(),
    deadLetters: new MemoryDeadLetters(),
  };
  const webhooks = new WebhookSender({
    ...stores,
    orgs,
    // Every POST goes through `post` below; the network is never asked.
    outbound: {
      policy: { allowPrivateNetwork: false, extraCaFile: null },
      request: () => Promise.reject(new Error('no network in a unit test')),
    },
    clock: new ManualClock(new Date('2026-11-24T00:00:00Z')),
    post: async (delivery) => {
      posted.push(delivery);
      return answers.shift() ?? { success: true, status_code: 200, error: null, refused: false };
    },
  });
  const event = await stores.events.putIfAbsent({
    event_id: 'evt_job_job.complete_3',
    org_id: org.org_id,
    event: 'job.complete',
    job_id: 'job-1',
    batch_id: null,
    key_id: org.key_id,
    webhook_url: 'https://hooks.example.com/verse',
    payload: '{"event":"job.complete"}',
    retry: true,
    created_at: new Date(),
    delivered_at: null,
  });
  return { webhooks, stores, posted, event, org };
}

const failed: DeliveryOutcome = { success: false, status_code: 500, error: null, refused: false };

describe('webhook delivery', () => {
  it('logs every attempt, and on success settles the event and clears its dead letters', async () => {
    const { webhooks, stores, posted, event, org } = await sender([failed]);
    await stores.deadLetters.create({
      id: 'dl_1',
      org_id: org.org_id,
      event_id: event.event_id,
      job_id: 'job-1',
      batch_id: null,
      event: 'job.complete',
      webhook_url: event.webhook_url,
      attempts: 4,
      last_status_code: 500,
      last_error: null,
      created_at: new Date(),
      resolved_at: null,
      resolved_via: null,
    });
    expect((await webhooks.send(event, 1)).success).toBe(false);
    expect((await webhooks.send(event, 2)).success).toBe(true);
    expect(stores.deliveries.rows.map((d) => [d.attempt, d.status_code, d.success])).toEqual([
      [1, 500, false],
      [2, 200, true],
    ]);
    expect(posted.map((p) => p.webhookId)).toEqual([event.event_id, event.event_id]);
    expect(posted.every((p) => p.body === event.payload)).toBe(true);
    expect((await stores.events.get(event.event_id))?.delivered_at).not.toBeNull();
    expect((await stores.deadLetters.get('dl_1'))?.resolved_via).toBe('replay');
  });

  it('an attempt whose outcome is recorded is never sent again (a redelivered retry message)', async () => {
    const { webhooks, posted, event } = await sender([failed]);
    const first = await webhooks.scheduledAttempt(event, 2);
    const again = await webhooks.scheduledAttempt(event, 2);
    expect(again).toEqual(first);
    expect(posted).toHaveLength(1);
  });

  it('without a key to sign with, nothing is sent and the attempt says why', async () => {
    const { webhooks, posted, event } = await sender([]);
    const outcome = await webhooks.send({ ...event, org_id: 'org_gone', key_id: null }, 1);
    expect(outcome).toMatchObject({ success: false, status_code: null, error: expect.stringMatching(/no API key/) });
    expect(posted).toEqual([]);
  });
});
