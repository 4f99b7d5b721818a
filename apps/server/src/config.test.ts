import { mkdtempSync, readFileSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

const fresh = () => mkdtempSync(join(tmpdir(), 'tsunagu-config-'));

describe('loadConfig', () => {
  it('defaults to port 8080, the embedded database and the sandbox', () => {
    const c = loadConfig({ DATA_DIR: fresh() });
    expect(c).toMatchObject({
      port: 8080,
      databaseUrl: undefined,
      redisUrl: undefined,
      telephony: 'sandbox',
    });
  });

  it('names the instance by host and port unless INSTANCE_ID is given', () => {
    expect(loadConfig({ DATA_DIR: fresh(), PORT: '8081' }).instanceId).toBe(`${hostname()}:8081`);
    expect(loadConfig({ DATA_DIR: fresh(), INSTANCE_ID: ' web-2 ' }).instanceId).toBe('web-2');
  });

  it('reads the trusted reverse proxies, none by default, and refuses what is not an address', () => {
    expect(loadConfig({ DATA_DIR: fresh() }).trustProxy).toEqual([]);
    expect(loadConfig({ DATA_DIR: fresh(), TRUST_PROXY: '127.0.0.1, 10.0.0.0/8' }).trustProxy).toEqual([
      '127.0.0.1',
      '10.0.0.0/8',
    ]);
    expect(() => loadConfig({ DATA_DIR: fresh(), TRUST_PROXY: 'true' })).toThrow(/TRUST_PROXY/);
  });

  it('generates the JWT secret and the encryption key once into the data directory', () => {
    const dir = fresh();
    const a = loadConfig({ DATA_DIR: dir });
    const b = loadConfig({ DATA_DIR: dir });
    expect(Buffer.from(a.jwtSecret).equals(Buffer.from(b.jwtSecret))).toBe(true);
    expect(a.secretKey.equals(b.secretKey)).toBe(true);
    expect(a.secretKey).toHaveLength(32);
    expect(readFileSync(join(dir, 'jwt-secret'), 'utf8').trim().length).toBeGreaterThanOrEqual(32);
    const other = loadConfig({ DATA_DIR: fresh() });
    expect(Buffer.from(other.jwtSecret).equals(Buffer.from(a.jwtSecret))).toBe(false);
  });

  it('uses the secrets given in the environment', () => {
    const key = Buffer.alloc(32, 7).toString('base64');
    const c = loadConfig({ DATA_DIR: fresh(), JWT_SECRET: 'x'.repeat(40), SECRET_KEY: key });
    expect(new TextDecoder().decode(c.jwtSecret)).toBe('x'.repeat(40));
    expect(c.secretKey.toString('base64')).toBe(key);
  });

  it('fails fast with every offending variable named', () => {
    const attempt = () =>
      loadConfig({
        DATA_DIR: fresh(),
        PORT: 'eighty',
        DATABASE_URL: 'mysql://x',
        JWT_SECRET: 'short',
        TELEPHONY: 'asterisk',
      });
    expect(attempt).toThrow(ConfigError);
    try {
      attempt();
    } catch (error) {
      const text = (error as Error).message;
      for (const name of ['PORT', 'DATABASE_URL', 'JWT_SECRET', 'TELEPHONY']) expect(text).toContain(name);
    }
  });

  it('sends absence mail through SMTP_URL from MAIL_FROM, or to the outbox when unset', () => {
    expect(loadConfig({ DATA_DIR: fresh() })).toMatchObject({
      smtpUrl: undefined,
      mailFrom: 'つなぐ <no-reply@tsunagu.invalid>',
    });
    const c = loadConfig({
      DATA_DIR: fresh(),
      SMTP_URL: 'smtps://user:p%40ss@mail.example.jp:465',
      MAIL_FROM: '受付 <office@example.jp>',
    });
    expect(c).toMatchObject({
      smtpUrl: 'smtps://user:p%40ss@mail.example.jp:465',
      mailFrom: '受付 <office@example.jp>',
    });
    for (const bad of ['http://mail.example.jp', 'mail.example.jp:25', 'smtp://']) {
      expect(() => loadConfig({ DATA_DIR: fresh(), SMTP_URL: bad })).toThrow(
        /SMTP_URL: smtp:\/\/ または smtps:\/\/ で始まるURL/,
      );
    }
  });

  it("points HELP at HELP_URL, else at the console's own help page, and refuses what is not a web address", () => {
    expect(loadConfig({ DATA_DIR: fresh() }).helpUrl).toBeNull();
    expect(loadConfig({ DATA_DIR: fresh(), HELP_URL: 'https://support.example.jp/tsunagu' }).helpUrl).toBe(
      'https://support.example.jp/tsunagu',
    );
    for (const bad of ['support.example.jp', 'javascript:alert(1)', 'ftp://example.jp']) {
      expect(() => loadConfig({ DATA_DIR: fresh(), HELP_URL: bad })).toThrow(
        /HELP_URL: http:\/\/ または https:\/\//,
      );
    }
  });
});
