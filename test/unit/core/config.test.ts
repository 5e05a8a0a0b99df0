import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../../core/config.ts';

describe('loadConfig', () => {
  const dev = { VERSE_MODE: 'development' };
  it('has working defaults for a local machine in development mode', () => {
    const c = loadConfig(dev);
    expect(c.port).toBe(8000);
    expect(c.baseUrl).toBe('http://127.0.0.1:8000');
    expect(c.kafkaBrokers).toEqual(['127.0.0.1:9092']);
    expect(c.cassandraContactPoints).toEqual(['127.0.0.1:9042']);
    expect(c.allowPrivateNetwork).toBe(false);
    expect(c.extraCaFile).toBeNull();
    expect(c.namespace).toBe('verse');
  });

  it('reads every VERSE_ setting', () => {
    const c = loadConfig({
      ...dev,
      VERSE_KAFKA_BROKERS: 'a:1, b:2',
      VERSE_CASSANDRA_CONTACT_POINTS: 'c1,c2',
      VERSE_REDIS_URL: 'redis://r:7000',
      VERSE_SCHEMA_REGISTRY_URL: 'http://sr:1/apis/ccompat/v7/',
      VERSE_DATA_DIR: '/tmp/verse-data',
      VERSE_BASE_URL: 'https://lyrics.example.com/',
      VERSE_ALLOW_PRIVATE_NETWORK: 'true',
      VERSE_EXTRA_CA_FILE: '/etc/ca.pem',
      VERSE_PORT: '9000',
    });
    expect(c.kafkaBrokers).toEqual(['a:1', 'b:2']);
    expect(c.cassandraContactPoints).toEqual(['c1', 'c2']);
    expect(c.redisUrl).toBe('redis://r:7000');
    expect(c.schemaRegistryUrl).toBe('http://sr:1/apis/ccompat/v7');
    expect(c.dataDir).toBe('/tmp/verse-data');
    expect(c.baseUrl).toBe('https://lyrics.example.com');
    expect(c.allowPrivateNetwork).toBe(true);
    expect(c.extraCaFile).toBe('/etc/ca.pem');
    expect(c.port).toBe(9000);
  });

  it.each([
    ['VERSE_PORT', 'eighty'],
    ['VERSE_PORT', '-1'],
    ['VERSE_ALLOW_PRIVATE_NETWORK', 'maybe'],
    ['VERSE_BASE_URL', 'not a url'],
    ['VERSE_NAMESPACE', 'Bad-Name'],
  ])('refuses %s=%s instead of guessing', (name, value) => {
    expect(() => loadConfig({ ...dev, [name]: value })).toThrow(name);
  });

  const secrets = {
    VERSE_CURSOR_SECRET: 'c'.repeat(32),
    VERSE_REVIEW_SECRET: 'r'.repeat(32),
    VERSE_METRICS_TOKEN: 'm'.repeat(32),
  };
  it('production is the default, and refuses to start on development secrets', () => {
    expect(() => loadConfig({})).toThrow('VERSE_CURSOR_SECRET must be set in production');
    for (const name of Object.keys(secrets)) {
      const { [name]: _left, ...others } = secrets as Record<string, string>;
      expect(() => loadConfig(others)).toThrow(name);
      expect(() => loadConfig({ ...others, [name]: 'short' })).toThrow(`${name} must be at least 32`);
    }
    const c = loadConfig(secrets);
    expect(c.mode).toBe('production');
    expect(c.cursorSecret).toBe(secrets.VERSE_CURSOR_SECRET);
    expect(c.metricsToken).toBe(secrets.VERSE_METRICS_TOKEN);
  });

  it('development mode is explicit and named', () => {
    expect(() => loadConfig({ VERSE_MODE: 'dev' })).toThrow('VERSE_MODE must be production or development');
    expect(loadConfig(dev)).toMatchObject({ mode: 'development', metricsToken: null });
  });
});
