import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../src/config.js';

describe('configuration from the environment', () => {
  it('needs nothing set', () => {
    const c = loadConfig({});
    expect(c).toMatchObject({ port: 8080, host: '127.0.0.1', dataDir: resolve('./data'), workers: 1, logLevel: 'info' });
    expect(c.databaseUrl).toBeUndefined();
  });

  it('reads and coerces every variable', () => {
    const c = loadConfig({
      PORT: '9000',
      HOST: '0.0.0.0',
      DATA_DIR: '/var/lib/portal',
      DATABASE_URL: 'postgres://u@db:5432/portal',
      WORKERS: '0',
      LOG_LEVEL: 'warn',
      BODY_LIMIT_BYTES: '2048',
    });
    expect(c).toMatchObject({
      port: 9000,
      host: '0.0.0.0',
      dataDir: '/var/lib/portal',
      databaseUrl: 'postgres://u@db:5432/portal',
      workers: 0,
      logLevel: 'warn',
      bodyLimitBytes: 2048,
    });
  });

  it('resolves a relative DATA_DIR against where npm was run, not the workspace it runs in', () => {
    expect(loadConfig({ INIT_CWD: '/srv/portal' }).dataDir).toBe('/srv/portal/data');
    expect(loadConfig({ INIT_CWD: '/srv/portal', DATA_DIR: '/var/lib/portal' }).dataDir).toBe('/var/lib/portal');
  });

  it('treats an empty DATABASE_URL as unset', () => {
    expect(loadConfig({ DATABASE_URL: '' }).databaseUrl).toBeUndefined();
  });

  it('names every invalid variable', () => {
    const fail = () => loadConfig({ PORT: 'eighty', WORKERS: '-1', LOG_LEVEL: 'loud' });
    expect(fail).toThrow(ConfigError);
    expect(fail).toThrow(/PORT/);
    expect(fail).toThrow(/WORKERS/);
    expect(fail).toThrow(/LOG_LEVEL/);
  });
});
