import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { z } from 'zod';

const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'postgres:// で始まるURLを指定してください')
    .optional(),
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, 'redis:// で始まるURLを指定してください')
    .optional(),
  JWT_SECRET: z.string().min(32, '32文字以上にしてください').optional(),
  /** 32-byte key (base64) that encrypts extension passwords at rest. */
  SECRET_KEY: z
    .string()
    .refine((v) => Buffer.from(v, 'base64').length === 32, 'base64で32バイトの鍵を指定してください')
    .optional(),
  TELEPHONY: z.enum(['sandbox', 'freeswitch']).default('sandbox'),
  /** Sign-in attempts allowed per minute from one address / for one user name. */
  LOGIN_LIMIT_PER_ADDRESS: z.coerce.number().int().min(1).default(20),
  LOGIN_LIMIT_PER_USER: z.coerce.number().int().min(1).default(10),
  /** Session lifetime in hours. */
  SESSION_HOURS: z.coerce
    .number()
    .min(1)
    .max(24 * 30)
    .default(12),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('warn'),
});

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  redisUrl: string | undefined;
  jwtSecret: Uint8Array;
  secretKey: Buffer;
  telephony: 'sandbox' | 'freeswitch';
  loginLimitPerAddress: number;
  loginLimitPerUser: number;
  sessionHours: number;
  logLevel: string;
}

/** A configuration problem, reported at start with every offending variable. */
export class ConfigError extends Error {}

/** Reads a secret from the data directory, creating it once when absent (never a constant in code). */
function persistedSecret(dataDir: string, file: string, make: () => string): string {
  const path = resolve(dataDir, file);
  if (existsSync(path)) return readFileSync(path, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const value = make();
  writeFileSync(path, value + '\n', { mode: 0o600 });
  return value;
}

/** Parses and validates the environment; secrets not given are generated into DATA_DIR. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`環境変数の設定に誤りがあります:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const dataDir = resolve(e.DATA_DIR);
  const jwtSecret =
    e.JWT_SECRET ?? persistedSecret(dataDir, 'jwt-secret', () => randomBytes(48).toString('base64url'));
  const secretKey =
    e.SECRET_KEY ?? persistedSecret(dataDir, 'secret.key', () => randomBytes(32).toString('base64'));
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir,
    databaseUrl: e.DATABASE_URL,
    redisUrl: e.REDIS_URL,
    jwtSecret: new TextEncoder().encode(jwtSecret),
    secretKey: Buffer.from(secretKey, 'base64'),
    telephony: e.TELEPHONY,
    loginLimitPerAddress: e.LOGIN_LIMIT_PER_ADDRESS,
    loginLimitPerUser: e.LOGIN_LIMIT_PER_USER,
    sessionHours: e.SESSION_HOURS,
    logLevel: e.LOG_LEVEL,
  };
}
