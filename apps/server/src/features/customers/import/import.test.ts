import { readFileSync } from 'node:fs';
import { messages } from '@tsunagu/contract';
import { importMessages, type ImportOptions } from '@tsunagu/contract/crm/import';
import { progressLineSchema } from '@tsunagu/contract/progress';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customerImportMappings, customerNumbers, customers } from '../../../platform/db/schema';
import { FACTORY_PASSWORD } from '../../../testing/factories';
import { createTestApp, type TestApp, type TestSession } from '../../../testing/test-app';

const SJIS = readFileSync(new URL('./fixtures/customers-sjis.csv', import.meta.url));
const XLSX = readFileSync(new URL('./fixtures/customers.xlsx', import.meta.url));

let t: TestApp;
let tenant: string;
let other: string;
let cp: TestSession;
let otherCp: TestSession;
let noImport: TestSession;

/** A multipart body with the 'file' and 'options' parts, as the import screen sends it. */
function multipart(
  file: Buffer,
  name: string,
  options: Omit<ImportOptions, 'domainUuid'> & { domainUuid?: string },
) {
  const boundary = '----tsunagu-import-test';
  const head = (extra: string) => Buffer.from(`--${boundary}\r\n${extra}\r\n\r\n`);
  const body = Buffer.concat([
    head('Content-Disposition: form-data; name="options"'),
    Buffer.from(JSON.stringify({ domainUuid: tenant, ...options })),
    Buffer.from('\r\n'),
    head(
      `Content-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: application/octet-stream`,
    ),
    file,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload: body, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

const send = (
  s: TestSession,
  step: 'preview' | 'commit',
  file: Buffer,
  name: string,
  options: Parameters<typeof multipart>[2] = {},
) =>
  t.request(s, { method: 'POST', url: `/api/v1/customer/import/${step}`, ...multipart(file, name, options) });

const tenantCustomers = () => t.database.db.select().from(customers).where(eq(customers.domainUuid, tenant));

beforeAll(async () => {
  t = await createTestApp();
  const own = await t.build.tenant();
  const b = await t.build.tenant();
  [tenant, other] = [own.domainUuid, b.domainUuid];
  cp = await t.login((await t.build.user(own, { userClass: 'CP' })).username, FACTORY_PASSWORD);
  otherCp = await t.login((await t.build.user(b, { userClass: 'CP' })).username, FACTORY_PASSWORD);
  const { menuConfig } = await import('@tsunagu/contract');
  noImport = await t.login(
    (await t.build.user(own, { menu: menuConfig([2300, 3000, 8000, 4000]) })).username,
    FACTORY_PASSWORD,
  );
  // A customer the file's 06 number already belongs to.
  const res = await t.request(cp, {
    method: 'POST',
    url: '/api/v1/customer',
    payload: {
      domainUuid: tenant,
      company: '既存顧客',
      memo: '元のメモ',
      numbers: [{ label: '代表', number: '0611112222' }],
    },
  });
  expect(res.statusCode).toBe(200);
});
afterAll(() => t.close());

describe('previewing an import', () => {
  it('reads Shift_JIS with Japanese headers, maps the columns and shows every row’s fate', async () => {
    const res = await send(cp, 'preview', SJIS, '顧客.csv');
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data;
    expect(data.encoding).toBe('Shift_JIS');
    expect(data.headers[0]).toBe('会社名');
    expect(data.mapping).toMatchObject({
      会社名: 'company',
      フリガナ: 'personKana',
      氏名: 'person',
      電話番号: 'tel',
      携帯: 'mobile',
      ＦＡＸ: 'fax',
      メールアドレス: 'email',
      郵便番号: 'postalCode',
      住所: 'address',
      備考: 'memo',
    });
    expect(data.rows.map((r: { outcome: string }) => r.outcome)).toEqual([
      'new',
      'new',
      'refused',
      'refused',
      'refused',
      'skip',
      'new',
    ]);
    expect(data.rows[6].cells[0]).toBe('髙橋﨑製作所');
    expect(data.counts).toEqual({ total: 7, new: 3, updated: 0, skipped: 1, refused: 3 });
    expect(data.refused).toEqual([
      expect.objectContaining({ row: 4, reason: importMessages.nameMissing }),
      expect.objectContaining({ row: 5, reason: importMessages.duplicateInFile(2) }),
      expect.objectContaining({ row: 6, reason: importMessages.numberInvalid('12-34') }),
    ]);
    // A preview writes nothing.
    expect(await tenantCustomers()).toHaveLength(1);
  });

  it('counts updates and additions under the other policies', async () => {
    const update = (await send(cp, 'preview', SJIS, 'a.csv', { policy: 'update' })).json().data.counts;
    expect(update).toMatchObject({ new: 3, updated: 1, skipped: 0 });
    const add = (await send(cp, 'preview', SJIS, 'a.csv', { policy: 'add' })).json().data.counts;
    expect(add).toMatchObject({ new: 4, updated: 0, skipped: 0 });
  });

  it('refuses what is no table', async () => {
    const res = await send(cp, 'preview', Buffer.from([0x00, 0xff, 0x10, 0x22, 0x0a]), 'x.csv');
    expect(res.statusCode).toBe(400);
    const headerOnly = await send(cp, 'preview', Buffer.from('会社名,電話番号\r\n'), 'x.csv');
    expect(headerOnly.json().msg).toBe(importMessages.empty);
  });
});

describe('committing an import', () => {
  it('imports in one go, restores the lost leading zero, updates by policy and remembers the mapping', async () => {
    const res = await send(cp, 'commit', SJIS, '顧客.csv', { policy: 'update' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.counts).toEqual({ total: 7, new: 3, updated: 1, skipped: 0, refused: 3 });
    expect(res.json().data.refused).toHaveLength(3);
    const found = await t.request(cp, {
      method: 'GET',
      url: `/api/v1/customer/number/${tenant}/03-1234-5678`,
    });
    expect(found.json().data.customer).toMatchObject({
      company: '株式会社 桜商会',
      person: '桜 太郎',
      personKana: 'サクラショウカイ',
      postalCode: '100-0001',
      numbers: [
        { label: '代表', number: '0312345678' },
        { label: '携帯', number: '09011112222' },
      ],
    });
    const existing = await t.request(cp, {
      method: 'GET',
      url: `/api/v1/customer/number/${tenant}/0611112222`,
    });
    expect(existing.json().data.customer).toMatchObject({
      company: '既存顧客',
      memo: '既にある番号',
      version: 2,
    });
    expect(await tenantCustomers()).toHaveLength(4);
    // The next upload proposes the mapping just used, even for a header the synonyms would map otherwise.
    const renamed = Buffer.from('\uFEFF会社名,フリガナ\r\nテスト,テスト\r\n');
    const preview = (await send(cp, 'preview', renamed, 'b.csv')).json().data;
    expect(preview.encoding).toBe('UTF-8');
    expect(preview.mapping).toEqual({ 会社名: 'company', フリガナ: 'personKana' });
  });

  it('reads .xlsx, where Excel stored numbers as numbers', async () => {
    const res = await send(cp, 'commit', XLSX, '顧客.xlsx', { policy: 'skip' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.counts).toMatchObject({ new: 2, refused: 0 });
    const found = await t.request(cp, { method: 'GET', url: `/api/v1/customer/number/${tenant}/0312349999` });
    expect(found.json().data.customer.numbers).toEqual([
      { label: '代表', number: '0312349999' },
      { label: '携帯', number: '08033334444' },
    ]);
  });

  it('refuses a mapping without a name column and changes nothing', async () => {
    const before = (await tenantCustomers()).length;
    const res = await send(cp, 'commit', SJIS, 'x.csv', { mapping: { 電話番号: 'tel' } });
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).toBe(importMessages.noNameColumn);
    expect(await tenantCustomers()).toHaveLength(before);
  });

  it('keeps to the caller’s tenant and capability', async () => {
    const before = (await tenantCustomers()).length;
    // Another tenant's administrator naming this tenant.
    const foreign = await send(otherCp, 'commit', SJIS, 'x.csv', { domainUuid: tenant });
    expect(foreign.statusCode).toBe(403);
    expect((await send(noImport, 'preview', SJIS, 'x.csv')).statusCode).toBe(403);
    expect(await tenantCustomers()).toHaveLength(before);
    // Their own import lands in their own tenant only.
    const own = await send(otherCp, 'commit', SJIS, 'x.csv', { domainUuid: other });
    expect(own.json().data.counts.new).toBe(4);
    const numbers = await t.database.db
      .select()
      .from(customerNumbers)
      .where(eq(customerNumbers.domainUuid, other));
    expect(numbers.length).toBeGreaterThan(0);
    expect(await tenantCustomers()).toHaveLength(before);
  });
});

describe('the commit’s progress', () => {
  /** A UTF-8 file of `count` new customers (numbers 045-prefix…); line `boomLine`'s company is ロールバック. */
  const bigFile = (count: number, prefix: number, boomLine = -1) =>
    Buffer.from(
      [
        '会社名,電話番号',
        ...Array.from(
          { length: count },
          (_, i) =>
            `${i + 2 === boomLine ? 'ロールバック' : `進捗商事${i}`},045${prefix}${String(100_000 + i)}`,
        ),
      ].join('\r\n'),
    );
  const commitWithProgress = (file: Buffer) =>
    t.request(cp, {
      method: 'POST',
      url: '/api/v1/customer/import/commit',
      ...multipart(file, 'big.csv', { policy: 'skip' }),
      headers: { ...multipart(file, 'big.csv', {}).headers, accept: 'application/x-ndjson' },
    });
  const lines = (body: string) =>
    body
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as Record<string, unknown>);

  it('streams the rows checked and written, then the answer, when the client asks for it', async () => {
    const res = await commitWithProgress(bigFile(1_200, 1));
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('application/x-ndjson');
    const all = lines(res.body);
    const progress = all.slice(0, -1).map((l) => progressLineSchema.parse(l).progress);
    const checks = progress.filter((p) => p.step === 'check');
    const writes = progress.filter((p) => p.step === 'write');
    expect(checks[0]).toEqual({ step: 'check', done: 0, total: 1_200 });
    expect(checks.at(-1)).toEqual({ step: 'check', done: 1_200, total: 1_200 });
    expect(writes[0]).toEqual({ step: 'write', done: 0, total: 1_200 });
    expect(writes.at(-1)).toEqual({ step: 'write', done: 1_200, total: 1_200 });
    // Never backwards, and every check before the first write.
    for (const list of [checks, writes])
      list.forEach((p, i) => expect(p.done).toBeGreaterThanOrEqual(list[i - 1]?.done ?? 0));
    expect(progress.findIndex((p) => p.step === 'write')).toBe(checks.length);
    expect(all.at(-1)).toMatchObject({ code: 0, data: { counts: { total: 1_200, new: 1_200 } } });
  });

  it('rolls everything back when a write fails halfway, and says so on the last line', async () => {
    // A trigger makes the insert of the second chunk (rows 501–1,000) fail, after the first was written.
    await t.database.runScript(`
      CREATE FUNCTION refuse_rollback_company() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF NEW.company = 'ロールバック' THEN RAISE EXCEPTION 'boom'; END IF;
        RETURN NEW;
      END $$;
      CREATE TRIGGER refuse_rollback_company BEFORE INSERT ON customers
        FOR EACH ROW EXECUTE FUNCTION refuse_rollback_company();`);
    try {
      const before = (await tenantCustomers()).length;
      const mapping = (await t.database.db.select().from(customerImportMappings)).length;
      const res = await commitWithProgress(bigFile(900, 2, 800));
      const all = lines(res.body);
      const written = all.slice(0, -1).map((l) => progressLineSchema.parse(l).progress);
      expect(written.map((p) => `${p.step} ${p.done}/${p.total}`).join(' ')).toContain('write 500/900');
      expect(all.at(-1)).toEqual({ code: 500, msg: messages.serverError, data: null });
      expect(await tenantCustomers()).toHaveLength(before);
      expect(await t.database.db.select().from(customerImportMappings)).toHaveLength(mapping);
      // Without progress lines: the same failure is a 500, and nothing is written either.
      const plain = await send(cp, 'commit', bigFile(900, 2, 800), 'big.csv');
      expect(plain.statusCode).toBe(500);
      expect(await tenantCustomers()).toHaveLength(before);
    } finally {
      await t.database.runScript(`
        DROP TRIGGER refuse_rollback_company ON customers;
        DROP FUNCTION refuse_rollback_company();`);
    }
  });

  it('answers a file that cannot be read on its last line with the reason', async () => {
    const res = await commitWithProgress(Buffer.from('会社名,電話番号\r\n'));
    expect(res.statusCode).toBe(200);
    expect(lines(res.body).at(-1)).toEqual({ code: 400, msg: importMessages.empty, data: null });
  });
});
