import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, describe, expect, it } from 'vitest';
import { createRecordingStorage, STAGING_DIR } from './recording-storage';

const dataDir = mkdtempSync(join(tmpdir(), 'tsunagu-storage-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));
const TENANT = '11111111-1111-4111-8111-111111111111';
const staging = join(dataDir, 'recordings', STAGING_DIR);
const staged = () => (existsSync(staging) ? readdirSync(staging) : []);

/** A stream of `chunks` 64 KB chunks, produced one at a time (never one buffer of the whole size). */
function chunks(count: number, failAt = -1) {
  return Readable.from(
    (function* () {
      for (let i = 0; i < count; i++) {
        if (i === failAt) throw new Error('connection reset');
        yield Buffer.alloc(64 * 1024, i % 256);
      }
    })(),
  );
}

describe('recording storage: staged uploads', () => {
  it('streams an upload to a staged file, then keeps it under a generated name in the tenant folder', async () => {
    const storage = createRecordingStorage(dataDir);
    const file = await storage.stage(chunks(32));
    expect(file.size).toBe(32 * 64 * 1024);
    expect(staged()).toHaveLength(1);
    const name = await file.keep(TENANT, 'wav');
    expect(name).toMatch(/^[0-9a-f-]{36}\.wav$/);
    expect(staged()).toEqual([]);
    const found = await storage.find(TENANT, name);
    expect(found?.size).toBe(32 * 64 * 1024);
    expect(readFileSync(found?.path as string).subarray(64 * 1024, 64 * 1024 + 1)[0]).toBe(1);
    await file.discard();
    expect(await storage.find(TENANT, name)).not.toBeNull();
  });

  it('leaves nothing behind when the upload stream fails or the upload is discarded', async () => {
    const storage = createRecordingStorage(dataDir);
    await expect(storage.stage(chunks(8, 5))).rejects.toThrow('connection reset');
    expect(staged()).toEqual([]);
    const file = await storage.stage(chunks(2));
    await file.discard();
    expect(staged()).toEqual([]);
  });

  it('removes staged files an earlier process left, once they are an hour old', async () => {
    mkdirSync(staging, { recursive: true });
    const old = join(staging, 'left-by-a-crash.part');
    const recent = join(staging, 'another-instance-now.part');
    writeFileSync(old, 'x');
    writeFileSync(recent, 'y');
    const twoHoursAgo = new Date(Date.now() - 2 * 60 * 60 * 1000);
    utimesSync(old, twoHoursAgo, twoHoursAgo);
    const file = await createRecordingStorage(dataDir).stage(chunks(1));
    await file.discard();
    await expect.poll(() => staged()).toEqual(['another-instance-now.part']);
  });
});
