import { buildApp } from './app';
import { ConfigError, loadConfig } from './config';
import { createSecretBox } from './platform/crypto/secrets';
import { createRedisBus } from './platform/realtime';
import { logSharing } from './platform/realtime/sharing-log';
import { openDatabase } from './platform/db/open';
import { createRecordingStorage } from './platform/files/recording-storage';
import { DEMO_SIGN_INS, hasDemo, isEmpty, seedDemo } from './platform/db/seed';

// config → database → migrations → demo data if empty → app → listen; SIGINT/SIGTERM stop it cleanly.
async function main(): Promise<void> {
  const config = loadConfig();
  const database = await openDatabase(config);
  if (process.env.DEMO_DATA !== 'false' && (await isEmpty(database.db))) {
    await seedDemo(database.db, createSecretBox(config.secretKey), createRecordingStorage(config.dataDir));
  }
  const demo = await hasDemo(database.db);
  // With REDIS_URL, real-time events (chat, presence, park, recall, forced sign-out, ended sessions) reach
  // the clients of every instance; without it, this process's clients only.
  const bus = config.redisUrl ? createRedisBus(config.redisUrl) : undefined;
  const app = await buildApp({
    config,
    database,
    demo,
    bus,
    instanceId: config.instanceId,
    logger: { level: config.logLevel },
  });
  if (bus) logSharing(bus, app.log);

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info({ signal }, 'stopping');
    await app.close();
    await bus?.close();
    // PGlite must be closed or its files are left half-written.
    await database.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));

  const address = await app.listen({ port: config.port, host: config.host });
  const url = address.replace('0.0.0.0', 'localhost').replace('[::]', 'localhost');
  const lines = [
    `つなぐ を起動しました: ${url}`,
    `データベース: ${database.kind === 'pglite' ? `組み込み (${config.dataDir})` : 'PostgreSQL'} / 電話: ${config.telephony === 'sandbox' ? 'サンドボックス' : 'FreeSWITCH'}`,
  ];
  if (demo)
    lines.push(
      'デモ用アカウント:',
      ...DEMO_SIGN_INS.map((s) => `  ${s.username} / ${s.password}  (${s.role})`),
    );
  console.log(lines.join('\n'));
}

main().catch((error: unknown) => {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
});
