import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import {
  CommonConfig,
  ConfigError,
  configSchemaOf,
  defineService,
  loadConfig,
  PLATFORM_PORTS,
  Type,
  type KitTables,
} from '@cti/service-kit';

const valid = {
  PORT: '8081',
  DATABASE_URL: 'postgres://u:p@localhost:5432/db',
  NATS_URL: 'nats://localhost:4222',
  JWT_PUBLIC_KEY: '-----BEGIN PUBLIC KEY-----\\nabc\\n-----END PUBLIC KEY-----',
  SERVICE_TOKEN: 'a-service-token-of-length',
};

describe('loadConfig', () => {
  it('applies defaults and converts types', () => {
    const config = loadConfig(CommonConfig, valid);
    expect(config.PORT).toBe(8081);
    expect(config.LOG_LEVEL).toBe('info');
    expect(config.DEMO_DATA).toBe(false);
    expect(config.JWT_PUBLIC_KEY).toContain('\nabc\n');
  });

  it('stops with a one-line message naming a missing variable', () => {
    const { DATABASE_URL: _omitted, ...rest } = valid;
    expect(() => loadConfig(CommonConfig, rest)).toThrow(new ConfigError('Configuration error: DATABASE_URL is required'));
  });

  it('names a bad variable and what it must be', () => {
    expect(() => loadConfig(CommonConfig, { ...valid, PORT: 'eighty' })).toThrow('Configuration error: PORT must be an integer');
    expect(() => loadConfig(CommonConfig, { ...valid, NATS_URL: 'localhost:4222' })).toThrow(/NATS_URL must be a value matching/);
    expect(() => loadConfig(CommonConfig, { ...valid, LOG_LEVEL: 'loud' })).toThrow(/LOG_LEVEL must be one of fatal, error/);
  });

  it('refuses a development-only default in production, whether left unset or set to that same value', () => {
    const schema = Type.Object({ ...CommonConfig.properties, CHAIN_KEY: Type.String({ default: 'dev-key', devOnlyDefault: true }) });
    expect(loadConfig(schema, valid).CHAIN_KEY).toBe('dev-key');
    const production = { ...valid, NODE_ENV: 'production', NATS_PASSWORD: 'aRealPassword0123456789' };
    expect(() => loadConfig(schema, production)).toThrow(new ConfigError('Configuration error: CHAIN_KEY must be set in production'));
    expect(() => loadConfig(schema, { ...production, CHAIN_KEY: 'dev-key' })).toThrow('CHAIN_KEY must be set in production');
    expect(loadConfig(schema, { ...production, CHAIN_KEY: 'a-real-key' }).CHAIN_KEY).toBe('a-real-key');
  });

  it('gives each platform service the port of the one port plan, which the *_URL defaults are built from', () => {
    const config = loadConfig(CommonConfig, valid);
    expect(config.AUDIT_URL).toBe(`http://127.0.0.1:${PLATFORM_PORTS.audit}`);
    const { PORT: _unset, ...noPort } = valid;
    expect(loadConfig(configSchemaOf(defineService<KitTables>('audit')({ plugin: async () => {} })), noPort).PORT).toBe(8086);
  });

  it('reads a service schema extended with its own variables', () => {
    const schema = Type.Object({ ...CommonConfig.properties, FEATURE_ON: Type.Boolean({ default: true }) });
    expect(loadConfig(schema, { ...valid, FEATURE_ON: 'false' }).FEATURE_ON).toBe(false);
  });

  it('reads NAME_FILE when NAME is not set (container secrets)', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cfg-'));
    const file = path.join(dir, 'token');
    fs.writeFileSync(file, 'token-from-a-secret-file\n');
    const { SERVICE_TOKEN: _omitted, ...rest } = valid;
    expect(loadConfig(CommonConfig, { ...rest, SERVICE_TOKEN_FILE: file }).SERVICE_TOKEN).toBe('token-from-a-secret-file');
    expect(() => loadConfig(CommonConfig, { ...rest, SERVICE_TOKEN_FILE: '/nope/missing' })).toThrow(
      'Configuration error: SERVICE_TOKEN_FILE points at /nope/missing, which cannot be read',
    );
    fs.rmSync(dir, { recursive: true, force: true });
  });
});
