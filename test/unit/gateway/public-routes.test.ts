import { describe, expect, it } from 'vitest';
import { unitGateway } from '../../support/unit-gateway.ts';

const INDIAN =
  'Hindi, Bengali, Marathi, Telugu, Tamil, Gujarati, Urdu, Kannada, Odia, Malayalam, Punjabi, Assamese, Maithili, Santali, Kashmiri, Nepali, Sindhi, Konkani, Dogri, Manipuri, Bodo, Sanskrit, Haryanvi, Bhojpuri, Magahi, Chhattisgarhi, Rajasthani, Tulu, Gondi, Saurashtra'.split(
    ', ',
  );
const GLOBAL =
  'English, Spanish, Mandarin Chinese, French, Arabic, Portuguese, Russian, Japanese, German, Korean, Italian, Turkish, Dutch, Indonesian, Thai, Yoruba, Swahili, Zulu'.split(
    ', ',
  );
const FAMILIES =
  'Indo-Aryan, Dravidian, Austroasiatic, Sino-Tibetan, Germanic, Romance, Semitic, Slavic, Japonic, Koreanic, Turkic, Austronesian, Tai-Kadai, Niger-Congo'.split(
    ', ',
  );

describe('GET /languages', () => {
  it('lists the 48 names of the spec, exact case, with families from the spec', async () => {
    const { app } = await unitGateway();
    const body = (await app.inject({ url: '/api/v1/languages' })).json();
    expect(body.total).toBe(48);
    expect(body.languages.map((l: { name: string }) => l.name)).toEqual([...INDIAN, ...GLOBAL]);
    expect(new Set(body.languages.map((l: { family: string }) => l.family))).toEqual(new Set(FAMILIES));
    expect(body.languages.find((l: { name: string }) => l.name === 'Santali').family).toBe('Austroasiatic');
    expect(body.languages.find((l: { name: string }) => l.name === 'Thai').family).toBe('Tai-Kadai');
  });
});

describe('GET /health', () => {
  it('is 200 with every component up', async () => {
    const { app } = await unitGateway();
    const res = await app.inject({ url: '/api/v1/health' });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.status).toBe('ok');
    expect(body.version).toEqual(expect.any(String));
    expect(Object.keys(body.components).sort()).toEqual(['cassandra', 'engine', 'kafka', 'redis', 'schema_registry']);
  });

  it('is 503 naming the component that is down', async () => {
    const { app } = await unitGateway({
      probes: {
        redis: async () => {
          throw new Error('connection refused');
        },
      },
    });
    const res = await app.inject({ url: '/api/v1/health' });
    expect(res.statusCode).toBe(503);
    expect(res.json().components.redis).toEqual({ status: 'down', error: 'connection refused' });
    expect(res.json().components.kafka.status).toBe('up');
  });

  it('probes the dependencies at most once a second, however many callers ask', async () => {
    let probes = 0;
    const { app } = await unitGateway({
      probes: {
        cassandra: async () => {
          probes++;
        },
      },
    });
    const answers = await Promise.all(Array.from({ length: 50 }, () => app.inject({ url: '/api/v1/health' })));
    expect(answers.every((a) => a.statusCode === 200)).toBe(true);
    expect(probes).toBe(1);
  });

  it('treats a hanging component as down instead of hanging', async () => {
    const { app } = await unitGateway({ probes: { cassandra: () => new Promise(() => {}) } });
    const res = await app.inject({ url: '/api/v1/health' });
    expect(res.statusCode).toBe(503);
    expect(res.json().components.cassandra.status).toBe('down');
  });

  it('stays ready (200, degraded) while the engine, the registry or Kafka is down: none of them stops it serving', async () => {
    const down = async () => {
      throw new Error('connection refused');
    };
    const { app } = await unitGateway({ probes: { engine: down, schema_registry: down, kafka: down } });
    const res = await app.inject({ url: '/api/v1/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json().status).toBe('degraded');
    expect(res.json().components.engine).toEqual({ status: 'down', error: 'connection refused' });
  });

  it('answers not-ready while draining, and alive throughout', async () => {
    let draining = false;
    const { app } = await unitGateway({ draining: () => draining });
    expect((await app.inject({ url: '/api/v1/health' })).statusCode).toBe(200);
    draining = true;
    expect((await app.inject({ url: '/api/v1/health' })).statusCode).toBe(503);
    const live = await app.inject({ url: '/api/v1/health/live' });
    expect(live.statusCode).toBe(200);
    expect(live.json()).toEqual({ status: 'alive' });
  });
});

describe('GET /openapi.json', () => {
  it('documents every API route the gateway serves (pages and their assets are not API)', async () => {
    const { app } = await unitGateway();
    const doc = (await app.inject({ url: '/api/v1/openapi.json' })).json();
    expect(doc.openapi).toMatch(/^3\./);
    const documented = new Set(Object.keys(doc.paths));
    expect([...documented].every((p) => p.startsWith('/api/v1/'))).toBe(true);
    for (const route of app.routeTable) {
      if (route.url === '/api/v1/openapi.json' || !route.url.startsWith('/api/v1/')) continue;
      expect(documented, route.url).toContain(route.url.replace(/:(\w+)/g, '{$1}'));
    }
  });
});
