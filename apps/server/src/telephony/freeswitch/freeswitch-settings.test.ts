import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../config';

const base = {
  DATA_DIR: '/tmp/tsunagu-settings-test',
  JWT_SECRET: 'j'.repeat(40),
  SECRET_KEY: Buffer.alloc(32, 7).toString('base64'),
};
const complete = {
  ...base,
  TELEPHONY: 'freeswitch',
  FS_ESL_PASSWORD: 'ClueCon',
  FS_XML_SECRET: 'a-long-shared-secret',
  FS_VERTO_URL: 'wss://pbx.example.jp:8082',
};

function problems(env: Record<string, string>): string {
  try {
    loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) return error.message;
    throw error;
  }
  throw new Error('accepted');
}

describe('FreeSWITCH settings (FS_*)', () => {
  it('are neither read nor required for the sandbox', () => {
    expect(loadConfig({ ...base, FS_XML_ALLOW: 'localhost' }).freeswitch).toBeNull();
  });

  it('are read with their defaults when TELEPHONY=freeswitch', () => {
    expect(loadConfig(complete).freeswitch).toEqual({
      esl: { host: '127.0.0.1', port: 8021, password: 'ClueCon' },
      xmlSecret: 'a-long-shared-secret',
      xmlAllow: ['127.0.0.1', '::1'],
      vertoUrl: 'wss://pbx.example.jp:8082',
      recordingsPath: resolve(base.DATA_DIR, 'recordings'),
    });
    const custom = loadConfig({
      ...complete,
      FS_ESL_HOST: 'fs1.internal',
      FS_ESL_PORT: '18021',
      FS_XML_ALLOW: '10.0.0.5, 10.0.1.0/24',
      FS_RECORDINGS_PATH: '/mnt/tsunagu/recordings',
    }).freeswitch;
    expect(custom).toMatchObject({
      esl: { host: 'fs1.internal', port: 18021 },
      xmlAllow: ['10.0.0.5', '10.0.1.0/24'],
      recordingsPath: '/mnt/tsunagu/recordings',
    });
  });

  it('name every missing one in Japanese, all at once', () => {
    const message = problems({ ...base, TELEPHONY: 'freeswitch' });
    expect(message).toContain('環境変数の設定に誤りがあります');
    expect(message).toContain('FS_ESL_PASSWORD: Event Socket のパスワード');
    expect(message).toContain(
      'FS_XML_SECRET: mod_xml_curl / mod_json_cdr が送るパスワードを16文字以上で指定してください',
    );
    expect(message).toContain('FS_VERTO_URL: ブラウザが接続する mod_verto のURL');
  });

  it('refuse values FreeSWITCH could not use', () => {
    const message = problems({
      ...complete,
      FS_ESL_PORT: '70000',
      FS_XML_SECRET: 'short',
      FS_XML_ALLOW: '10.0.0.5,localhost',
      FS_VERTO_URL: 'https://pbx.example.jp',
    });
    expect(message).toContain('FS_ESL_PORT: Event Socket のポート番号は 1〜65535 で指定してください');
    expect(message).toContain('FS_XML_SECRET');
    expect(message).toContain('FS_XML_ALLOW: IPアドレスまたはCIDR');
    expect(message).toContain('FS_VERTO_URL: mod_verto のURLは wss:// (または ws://) で始めてください');
  });
});
