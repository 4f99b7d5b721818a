import { loadConfig } from '../../config';
import { createSecretBox } from '../crypto/secrets';
import { createRecordingStorage } from '../files/recording-storage';
import { openDatabase } from './open';
import { isEmpty, seedDemo } from './seed';

// `npm run seed`: loads the demo data into an empty database.
const config = loadConfig();
const database = await openDatabase(config);
try {
  if (await isEmpty(database.db)) {
    await seedDemo(database.db, createSecretBox(config.secretKey), createRecordingStorage(config.dataDir));
    console.log('デモデータを登録しました。');
  } else {
    console.log('データベースは空ではないため、デモデータは登録しませんでした。');
  }
} finally {
  await database.close();
}
