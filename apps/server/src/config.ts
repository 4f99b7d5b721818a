import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';
import { resolve } from 'node:path';
import { z } from 'zod';
import { isAddressOrCidr, splitAllowList } from './platform/http/allow-list';

/** The sender of absence mails when MAIL_FROM is not given. */
export const DEFAULT_MAIL_FROM = 'つなぐ <no-reply@tsunagu.invalid>';

function isSmtpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === 'smtp:' || url.protocol === 'smtps:') && url.hostname !== '';
  } catch {
    return false;
  }
}

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
  /** Names this instance's real-time connections in the database; unique per running instance. */
  INSTANCE_ID: z.string().trim().min(1).max(200, '200文字以内で指定してください').optional(),
  JWT_SECRET: z.string().min(32, '32文字以上にしてください').optional(),
  /** 32-byte key (base64) that encrypts extension passwords at rest. */
  SECRET_KEY: z
    .string()
    .refine((v) => Buffer.from(v, 'base64').length === 32, 'base64で32バイトの鍵を指定してください')
    .optional(),
  TELEPHONY: z.enum(['sandbox', 'freeswitch']).default('sandbox'),
  /**
   * Reverse proxies in front of the server (addresses / CIDR, comma-separated): their X-Forwarded-For
   * names the client. Unset, the socket's peer is the client (the sign-in limits count per address).
   */
  TRUST_PROXY: z
    .string()
    .default('')
    .transform(splitAllowList)
    .refine(
      (list) => list.every(isAddressOrCidr),
      'IPアドレスまたはCIDR (例: 127.0.0.1,10.0.0.0/8) をカンマ区切りで指定してください',
    ),
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
  /** The SMTP server absence mails go through (credentials in the URL); without it they go to DATA_DIR/outbox. */
  SMTP_URL: z
    .string()
    .refine(
      isSmtpUrl,
      'smtp:// または smtps:// で始まるURL (例: smtps://user:pass@mail.example.jp:465) を指定してください',
    )
    .optional(),
  /** Where the header's HELP opens (an operator's own support site); unset, the console's own /help page. */
  HELP_URL: z
    .url({ protocol: /^https?$/, error: 'http:// または https:// で始まるURLを指定してください' })
    .optional(),
  /** The sender of absence mails. */
  MAIL_FROM: z.string().trim().min(1, '送信元のメールアドレスを指定してください').default(DEFAULT_MAIL_FROM),
});

/**
 * FreeSWITCH settings, read only when TELEPHONY=freeswitch (every one is then checked at start).
 * FS_RECORDINGS_PATH: where FreeSWITCH finds the tenants' recordings (shared storage);
 * defaults to this server's own `<DATA_DIR>/recordings`, right when both run on one machine.
 */
const freeswitchEnvSchema = z.object({
  FS_ESL_HOST: z.string().min(1, 'Event Socket のホスト名を指定してください').default('127.0.0.1'),
  FS_ESL_PORT: z.coerce
    .number({ error: 'Event Socket のポート番号を数値で指定してください' })
    .int('Event Socket のポート番号を整数で指定してください')
    .min(1, 'Event Socket のポート番号は 1〜65535 で指定してください')
    .max(65535, 'Event Socket のポート番号は 1〜65535 で指定してください')
    .default(8021),
  FS_ESL_PASSWORD: z
    .string({ error: 'Event Socket のパスワード (event_socket.conf.xml の password) を指定してください' })
    .min(1, 'Event Socket のパスワード (event_socket.conf.xml の password) を指定してください'),
  FS_XML_SECRET: z
    .string({ error: 'mod_xml_curl / mod_json_cdr が送るパスワードを16文字以上で指定してください' })
    .min(16, 'mod_xml_curl / mod_json_cdr が送るパスワードを16文字以上で指定してください'),
  FS_XML_ALLOW: z
    .string()
    .default('127.0.0.1,::1')
    .transform(splitAllowList)
    .refine((list) => list.length > 0, '/fs/* を許可するアドレスを1つ以上指定してください')
    .refine(
      (list) => list.every(isAddressOrCidr),
      'IPアドレスまたはCIDR (例: 10.0.0.5,10.0.1.0/24) をカンマ区切りで指定してください',
    ),
  FS_VERTO_URL: z
    .string({ error: 'ブラウザが接続する mod_verto のURL (wss://…) を指定してください' })
    .regex(/^wss?:\/\/[^\s]+$/, 'mod_verto のURLは wss:// (または ws://) で始めてください'),
  FS_RECORDINGS_PATH: z.string().min(1).optional(),
});

/** How the server reaches FreeSWITCH and how FreeSWITCH reaches the server (TELEPHONY=freeswitch). */
export interface FreeswitchSettings {
  esl: { host: string; port: number; password: string };
  /** The basic-auth password mod_xml_curl and mod_json_cdr send. */
  xmlSecret: string;
  /** Addresses and CIDR blocks allowed to call /fs/*. */
  xmlAllow: string[];
  /** The mod_verto WebSocket URL browsers connect to. */
  vertoUrl: string;
  /** Directory (as FreeSWITCH sees it) holding `<domainUuid>/<stored name>` recordings. */
  recordingsPath: string;
}

export interface Config {
  /** HELP_URL: the header's HELP link; null = the console's own /help page. */
  helpUrl: string | null;
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  redisUrl: string | undefined;
  /** INSTANCE_ID, by default `<host name>:<PORT>`: stable across restarts, so a restart clears its old rows. */
  instanceId: string;
  jwtSecret: Uint8Array;
  secretKey: Buffer;
  telephony: 'sandbox' | 'freeswitch';
  loginLimitPerAddress: number;
  loginLimitPerUser: number;
  /** Trusted reverse proxies (addresses / CIDR); empty: clients connect directly. */
  trustProxy: string[];
  sessionHours: number;
  logLevel: string;
  /** SMTP server for absence mails; undefined: they are written to `<dataDir>/outbox`. */
  smtpUrl: string | undefined;
  /** The From of absence mails. */
  mailFrom: string;
  /** Present exactly when telephony is 'freeswitch'. */
  freeswitch: FreeswitchSettings | null;
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
  const fs = parsed.data?.TELEPHONY === 'freeswitch' ? freeswitchEnvSchema.safeParse(env) : null;
  const issues = [...(parsed.error?.issues ?? []), ...(fs?.error?.issues ?? [])];
  if (!parsed.success || issues.length > 0) {
    const lines = issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
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
    instanceId: e.INSTANCE_ID ?? `${hostname()}:${e.PORT}`,
    jwtSecret: new TextEncoder().encode(jwtSecret),
    secretKey: Buffer.from(secretKey, 'base64'),
    telephony: e.TELEPHONY,
    loginLimitPerAddress: e.LOGIN_LIMIT_PER_ADDRESS,
    loginLimitPerUser: e.LOGIN_LIMIT_PER_USER,
    trustProxy: e.TRUST_PROXY,
    sessionHours: e.SESSION_HOURS,
    logLevel: e.LOG_LEVEL,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    helpUrl: e.HELP_URL ?? null,
    freeswitch: fs?.data
      ? {
          esl: { host: fs.data.FS_ESL_HOST, port: fs.data.FS_ESL_PORT, password: fs.data.FS_ESL_PASSWORD },
          xmlSecret: fs.data.FS_XML_SECRET,
          xmlAllow: fs.data.FS_XML_ALLOW,
          vertoUrl: fs.data.FS_VERTO_URL,
          recordingsPath: fs.data.FS_RECORDINGS_PATH ?? resolve(dataDir, 'recordings'),
        }
      : null,
  };
}
