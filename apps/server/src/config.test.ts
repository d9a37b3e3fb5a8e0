import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

describe('configuration', () => {
  it('runs on its embedded defaults with nothing set', () => {
    const c = loadConfig({}, '/srv/vitrine');
    expect(c).toMatchObject({
      port: 8080,
      dataDir: '/srv/vitrine/data',
      databaseUrl: undefined,
      seedDemo: undefined,
      defaultSite: undefined,
    });
  });

  it('switches to PostgreSQL when DATABASE_URL is a postgres URL', () => {
    expect(loadConfig({ DATABASE_URL: 'postgres://u@127.0.0.1:5432/db' }).databaseUrl).toBe(
      'postgres://u@127.0.0.1:5432/db',
    );
  });

  it('reads SEED_DEMO as a yes/no flag', () => {
    expect(loadConfig({ SEED_DEMO: '0' }).seedDemo).toBe(false);
    expect(loadConfig({ SEED_DEMO: 'yes' }).seedDemo).toBe(true);
  });

  it('treats an empty variable as unset', () => {
    expect(loadConfig({ PORT: '', DATABASE_URL: '' })).toMatchObject({ port: 8080, databaseUrl: undefined });
  });

  it.each([
    ['PORT', 'eighty', /PORT="eighty": must be a whole number/],
    ['PORT', '70000', /PORT="70000": must be between 0 and 65535/],
    ['DATABASE_URL', 'mysql://x/y', /DATABASE_URL="mysql:\/\/x\/y": must be a postgres:\/\/ URL/],
    ['SEED_DEMO', 'maybe', /SEED_DEMO="maybe"/],
    ['DEFAULT_SITE', 'Not A Code', /DEFAULT_SITE="Not A Code"/],
  ])('stops with a message naming %s when it is %j', (name, value, message) => {
    expect(() => loadConfig({ [name]: value })).toThrow(ConfigError);
    expect(() => loadConfig({ [name]: value })).toThrow(message);
  });

  it('keeps files on the local disk unless S3_BUCKET names a bucket', () => {
    expect(loadConfig({}).s3).toBeUndefined();
    expect(
      loadConfig({
        S3_BUCKET: 'vitrine-files',
        S3_ENDPOINT: 'http://127.0.0.1:9000/',
        S3_ACCESS_KEY_ID: 'id',
        S3_SECRET_ACCESS_KEY: 'secret',
        S3_FORCE_PATH_STYLE: '1',
      }).s3,
    ).toEqual({
      bucket: 'vitrine-files',
      region: 'us-east-1',
      endpoint: 'http://127.0.0.1:9000',
      forcePathStyle: true,
      accessKeyId: 'id',
      secretAccessKey: 'secret',
      publicUrl: undefined,
    });
  });

  it.each([
    [{ S3_ENDPOINT: 'http://127.0.0.1:9000' }, /S3_BUCKET="": must be set to use S3_ENDPOINT/],
    [
      { S3_BUCKET: 'files-1', S3_ACCESS_KEY_ID: 'id' },
      /S3_SECRET_ACCESS_KEY="": must be set with S3_ACCESS_KEY_ID/,
    ],
    [{ S3_BUCKET: 'Not_A_Bucket' }, /S3_BUCKET="Not_A_Bucket": must be an S3 bucket name/],
    [
      { S3_BUCKET: 'files-1', S3_PUBLIC_URL: 'cdn.example.com' },
      /S3_PUBLIC_URL="cdn.example.com": must be an http/,
    ],
  ])('refuses an incomplete or wrong S3 configuration: %j', (env, message) => {
    expect(() => loadConfig(env)).toThrow(message);
  });

  it('fans out through Redis, signs chat and sends mail only when asked', () => {
    expect(loadConfig({})).toMatchObject({ redisUrl: undefined, smtpUrl: undefined, chatSecret: undefined });
    expect(
      loadConfig({
        REDIS_URL: 'redis://127.0.0.1:6379/5',
        SMTP_URL: 'smtp://user:pw@mail.example:587',
        CHAT_SECRET: 'x'.repeat(32),
      }),
    ).toMatchObject({
      redisUrl: 'redis://127.0.0.1:6379/5',
      smtpUrl: 'smtp://user:pw@mail.example:587',
      chatSecret: 'x'.repeat(32),
    });
  });

  it.each([
    [{ REDIS_URL: 'localhost:6379' }, 'REDIS_URL="…": must be a redis:// or rediss:// URL'],
    [{ SMTP_URL: 'mail.example' }, 'SMTP_URL="…": must be an smtp:// or smtps:// URL'],
    [{ CHAT_SECRET: 'short' }, 'CHAT_SECRET="…": must be at least 32 characters'],
  ])('refuses a wrong chat set-up without printing it: %j', (env, message) => {
    expect(() => loadConfig(env)).toThrow(message);
  });

  it('never prints a secret it refuses', () => {
    expect(() => loadConfig({ UPLOAD_SECRET: 'short-but-private' })).toThrow(
      'UPLOAD_SECRET="…": must be at least 32 characters',
    );
  });

  it('serves /metrics only with a METRICS_TOKEN, long and printable, never printed when refused', () => {
    expect(loadConfig({}).metricsToken).toBeUndefined();
    const token = 'm'.repeat(24);
    expect(loadConfig({ METRICS_TOKEN: token }).metricsToken).toBe(token);
    expect(() => loadConfig({ METRICS_TOKEN: 'too-short-secret' })).toThrow(
      'METRICS_TOKEN="…": must be 24 to 200 printable characters without spaces',
    );
  });

  it('leaves how many heavy calls run and wait to the cores unless told, and refuses nonsense', () => {
    expect(loadConfig({}).heavyCalls).toEqual({ running: undefined, waiting: undefined });
    expect(loadConfig({ HEAVY_CALLS_RUNNING: '3', HEAVY_CALLS_WAITING: '0' }).heavyCalls).toEqual({
      running: 3,
      waiting: 0,
    });
    expect(() => loadConfig({ HEAVY_CALLS_RUNNING: '0' })).toThrow(
      'HEAVY_CALLS_RUNNING="0": must be a whole number from 1 to 256',
    );
    expect(() => loadConfig({ HEAVY_CALLS_WAITING: 'many' })).toThrow(
      'HEAVY_CALLS_WAITING="many": must be a whole number from 0 to 10000',
    );
  });

  it("re-ranks the engine's shortlist of a photo search unless told another, within reason", () => {
    expect(loadConfig({}).imageSearchShortlist).toBeUndefined();
    expect(loadConfig({ IMAGE_SEARCH_SHORTLIST: '60' }).imageSearchShortlist).toBe(60);
    expect(() => loadConfig({ IMAGE_SEARCH_SHORTLIST: '5' })).toThrow(
      'IMAGE_SEARCH_SHORTLIST="5": must be a whole number from 10 to 200',
    );
    expect(() => loadConfig({ IMAGE_SEARCH_SHORTLIST: '45.5' })).toThrow(
      'IMAGE_SEARCH_SHORTLIST="45.5": must be a whole number from 10 to 200',
    );
  });
});
