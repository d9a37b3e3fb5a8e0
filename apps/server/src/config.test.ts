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
});
