import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../../core/config.ts';

describe('loadConfig', () => {
  const dev = { VERSE_MODE: 'development' };
  it('has working defaults for a local machine in development mode', () => {
    const c = loadConfig(dev);
    expect(c.port).toBe(8000);
    expect(c.baseUrl).toBe('http://127.0.0.1:8000');
    expect(c.kafka).toMatchObject({ brokers: ['127.0.0.1:9092'], replicationFactor: 1, minInsyncReplicas: 1 });
    expect(c.cassandra).toMatchObject({ contactPoints: ['127.0.0.1:9042'], replication: { datacenter1: 1 } });
    expect(c.redis).toMatchObject({ url: 'redis://127.0.0.1:6379', sentinels: [] });
    expect(c.drainSeconds).toBe(0);
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
    expect(c.kafka.brokers).toEqual(['a:1', 'b:2']);
    expect(c.cassandra.contactPoints).toEqual(['c1', 'c2']);
    expect(c.redis.url).toBe('redis://r:7000');
    expect(c.registry.urls).toEqual(['http://sr:1/apis/ccompat/v7']);
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
    VERSE_REDIS_SENTINELS: 's1:26379,s2:26379,s3:26379',
  };
  it('production is the default, and refuses to start on development secrets', () => {
    expect(() => loadConfig({ VERSE_REDIS_SENTINELS: secrets.VERSE_REDIS_SENTINELS })).toThrow(
      'VERSE_CURSOR_SECRET must be set in production',
    );
    for (const name of Object.keys(secrets)) {
      if (!name.endsWith('_SECRET') && !name.endsWith('_TOKEN')) continue;
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

  describe('store settings', () => {
    it('reads the cluster settings: sentinels, replication per data centre, credentials, TLS, registry pool', () => {
      const c = loadConfig({
        ...secrets,
        VERSE_CASSANDRA_LOCAL_DC: 'eu',
        VERSE_CASSANDRA_REPLICATION: 'eu:3,us:3',
        VERSE_CASSANDRA_USERNAME: 'verse',
        VERSE_CASSANDRA_PASSWORD: 'pw',
        VERSE_CASSANDRA_CA_FILE: '/etc/ca.pem',
        VERSE_KAFKA_SASL_MECHANISM: 'SCRAM-SHA-512',
        VERSE_KAFKA_USERNAME: 'k',
        VERSE_KAFKA_PASSWORD: 'kp',
        VERSE_KAFKA_TLS: 'true',
        VERSE_REDIS_SENTINEL_NAME: 'primary',
        VERSE_REDIS_USERNAME: 'verse',
        VERSE_REDIS_PASSWORD: 'rp',
        VERSE_SCHEMA_REGISTRY_URL: 'http://r1:8080/apis/ccompat/v7,http://r2:8080/apis/ccompat/v7',
        VERSE_SCHEMA_REGISTRY_USERNAME: 'u',
        VERSE_SCHEMA_REGISTRY_PASSWORD: 'p',
      });
      expect(c.kafka).toMatchObject({
        replicationFactor: 3,
        minInsyncReplicas: 2,
        tls: { caFile: null },
        sasl: { mechanism: 'scram-sha-512', username: 'k', password: 'kp' },
      });
      expect(c.cassandra).toMatchObject({
        localDataCenter: 'eu',
        replication: { eu: 3, us: 3 },
        credentials: { username: 'verse', password: 'pw' },
        tls: { caFile: '/etc/ca.pem' },
      });
      expect(c.redis).toMatchObject({
        sentinels: [
          { host: 's1', port: 26379 },
          { host: 's2', port: 26379 },
          { host: 's3', port: 26379 },
        ],
        sentinelName: 'primary',
        credentials: { username: 'verse', password: 'rp' },
      });
      expect(c.registry).toEqual({
        urls: ['http://r1:8080/apis/ccompat/v7', 'http://r2:8080/apis/ccompat/v7'],
        credentials: { username: 'u', password: 'p' },
      });
      expect(c.drainSeconds).toBe(10);
    });

    it.each([
      [
        { VERSE_KAFKA_REPLICATION_FACTOR: '1', VERSE_KAFKA_MIN_INSYNC_REPLICAS: '1' },
        'VERSE_KAFKA_REPLICATION_FACTOR must be at least 3',
      ],
      [{ VERSE_KAFKA_MIN_INSYNC_REPLICAS: '1' }, 'VERSE_KAFKA_MIN_INSYNC_REPLICAS must be at least 2'],
      [{ VERSE_KAFKA_MIN_INSYNC_REPLICAS: '3' }, 'below the replication factor'],
      [{ VERSE_CASSANDRA_REPLICATION: '1' }, 'VERSE_CASSANDRA_REPLICATION must keep at least 3'],
      [{ VERSE_CASSANDRA_REPLICATION: 'datacenter1:3,backup:2' }, 'backup: 2'],
      [{ VERSE_CASSANDRA_REPLICATION: 'other:3' }, 'no replicas in the local data centre'],
      [{ VERSE_REDIS_SENTINELS: '' }, 'Redis must fail over in production'],
      [{ VERSE_REDIS_SENTINELS: 's1:26379' }, 'at least 3 Sentinels'],
      [{ VERSE_KAFKA_SASL_MECHANISM: 'plain' }, 'needs VERSE_KAFKA_USERNAME'],
      [{ VERSE_CASSANDRA_USERNAME: 'only-user' }, 'must be set together'],
    ])('production refuses %o', (unsafe, message) => {
      expect(() => loadConfig({ ...secrets, ...unsafe })).toThrow(message);
    });

    it('production takes one Redis URL only when it is declared a managed, failing-over endpoint', () => {
      const c = loadConfig({
        ...secrets,
        VERSE_REDIS_SENTINELS: '',
        VERSE_REDIS_URL: 'rediss://cache.example.com:6380',
        VERSE_REDIS_MANAGED_FAILOVER: 'true',
      });
      expect(c.redis).toMatchObject({ sentinels: [], managedFailover: true, tls: { caFile: null } });
    });

    it('development runs on one node of everything', () => {
      expect(() =>
        loadConfig({ ...dev, VERSE_KAFKA_REPLICATION_FACTOR: '1', VERSE_CASSANDRA_REPLICATION: '1' }),
      ).not.toThrow();
    });
  });
});
