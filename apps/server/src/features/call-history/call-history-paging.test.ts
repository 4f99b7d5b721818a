import { randomUUID } from 'node:crypto';
import { CALL_RESULTS, MISSED_RESULTS, type CallItem } from '@tsunagu/contract';
import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../platform/db/migrate';
import { calls } from '../../platform/db/schema';
import { FACTORY_PASSWORD } from '../../testing/factories';
import { walkByAnchor } from '../../testing/keyset-walk';
import { createTestApp, type TestApp, type TestSession } from '../../testing/test-app';
import { periodPieces, periodTotal } from './call-period-total';

/** The tenant's call history by keyset in every order, and its totals from kept counts (0036). */

type Tenant = Awaited<ReturnType<TestApp['build']['tenant']>>;
let t: TestApp;
let office: Tenant;
let other: Tenant;
let admin: TestSession;
let otherCallUuid: string;

const HOUR = 3_600_000;
/** Midnight UTC three days ago: the calls lie on both sides of day and hour edges. */
const BASE = Math.floor(Date.now() / 86_400_000) * 86_400_000 - 3 * 86_400_000;
const PERIOD = {
  from: new Date(BASE - 2 * 86_400_000).toISOString(),
  to: new Date(Date.now()).toISOString(),
};
const KINDS = ['inbound', 'outbound', 'internal'] as const;
const NUMBER = '0312340001';

/** A stored call: `i` picks its time (spread over three days, some at the same instant), kind and figures. */
const callRow = (tenant: Tenant, i: number) => ({
  callUuid: randomUUID(),
  domainUuid: tenant.domainUuid,
  callId: randomUUID(),
  kind: KINDS[i % 3]!,
  startStamp: new Date(BASE + Math.floor(i / 2) * 2.5 * HOUR + (i % 7) * 61_000),
  endStamp: new Date(BASE + Math.floor(i / 2) * 2.5 * HOUR + 600_000),
  outsideNumber: i % 3 === 2 ? null : i % 4 === 0 ? NUMBER : `0900000${String(i).padStart(4, '0')}`,
  outsideKey: i % 3 === 2 ? null : i % 4 === 0 ? NUMBER : `0900000${String(i).padStart(4, '0')}`,
  // Few distinct ring and talk times: many ties, which call_uuid breaks.
  ringSeconds: (i * 7) % 5,
  talkSeconds: (i * 11) % 4 === 0 ? 0 : ((i * 13) % 6) * 30,
  result: CALL_RESULTS[i % CALL_RESULTS.length]!,
});

async function search(session: TestSession, body: Record<string, unknown>) {
  const res = await t.request(session, { method: 'POST', url: '/api/v1/cdr/search', payload: body });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as { content: CallItem[]; totalElements: number; anchor?: string };
}
/** The walker's query string as the search's body, with the period and `more` filters. */
const asBody = (query: string, more: Record<string, unknown> = {}) => ({
  ...PERIOD,
  ...more,
  ...Object.fromEntries(new URLSearchParams(query)),
});
const walk = (sort: string, more: Record<string, unknown> = {}, size = 4) =>
  walkByAnchor(
    (q) => search(admin, asBody(q, more)),
    (c) => c.callUuid,
    sort,
    size,
  );

/** The tenant's calls of the period in an order, as plain SQL has them. */
async function expected(column: string, direction: 'asc' | 'desc', where = sql`true`) {
  return rowsOf<{ call_uuid: string }>(
    await t.database.db.execute(
      sql`SELECT call_uuid FROM calls WHERE domain_uuid = ${office.domainUuid}
            AND start_stamp >= ${PERIOD.from}::timestamptz AND start_stamp < ${PERIOD.to}::timestamptz
            AND ${where}
          ORDER BY ${sql.identifier(column)} ${sql.raw(direction)}, call_uuid ${sql.raw(direction)}`,
    ),
  ).map((r) => r.call_uuid);
}

beforeAll(async () => {
  t = await createTestApp();
  office = await t.build.tenant();
  other = await t.build.tenant();
  admin = await t.login((await t.build.user(office, { userClass: 'CP' })).username, FACTORY_PASSWORD);
  await t.database.db.insert(calls).values(Array.from({ length: 29 }, (_, i) => callRow(office, i)));
  const theirs = Array.from({ length: 6 }, (_, i) => callRow(other, i));
  otherCallUuid = theirs[0]!.callUuid;
  await t.database.db.insert(calls).values(theirs);
});
afterAll(() => t.close());

describe('the tenant call history by keyset', () => {
  it('walks every page by anchors in every order, as plain SQL orders the calls', async () => {
    for (const [field, column] of [
      ['startStamp', 'start_stamp'],
      ['ringSeconds', 'ring_seconds'],
      ['talkSeconds', 'talk_seconds'],
    ] as const) {
      for (const direction of ['asc', 'desc'] as const) {
        const want = await expected(column, direction);
        expect(want).toHaveLength(29);
        expect(await walk(`${field},${direction}`)).toEqual(want);
      }
    }
  });

  it('reads the last page and pages backwards from an anchor, with the same rows', async () => {
    const want = await expected('ring_seconds', 'desc');
    const last = await search(admin, asBody('size=4&page=7&sort=ringSeconds,desc'));
    expect([last.totalElements, last.content.map((c) => c.callUuid)]).toEqual([29, want.slice(28)]);
    const before = await search(admin, asBody(`size=4&page=6&sort=ringSeconds,desc&anchor=${last.anchor}`));
    expect(before.content.map((c) => c.callUuid)).toEqual(want.slice(24, 28));
    const jump = await search(admin, asBody(`size=4&page=2&sort=ringSeconds,desc&anchor=${before.anchor}`));
    expect(jump.content.map((c) => c.callUuid)).toEqual(want.slice(8, 12));
  });

  it('walks a search the counts do not know with the first page’s total carried in its anchors', async () => {
    const want = await expected('talk_seconds', 'asc', sql`outside_key = ${NUMBER}`);
    expect(want.length).toBeGreaterThan(4);
    expect(await walk('talkSeconds,asc', { number: NUMBER }, 2)).toEqual(want);
    const first = await search(admin, asBody('size=2&page=0&sort=talkSeconds,asc', { number: NUMBER }));
    expect(first.totalElements).toBe(want.length);
    expect(first.anchor).toMatch(new RegExp(`~${want.length}$`));
    // A later page takes the total from the anchor; the first page counts again.
    const forged = first.anchor!.replace(/~\d+$/, '~99');
    const second = await search(
      admin,
      asBody(`size=2&page=1&sort=talkSeconds,asc&anchor=${forged}`, { number: NUMBER }),
    );
    expect([second.totalElements, second.content.map((c) => c.callUuid)]).toEqual([99, want.slice(2, 4)]);
    const again = await search(
      admin,
      asBody(`size=2&page=0&sort=talkSeconds,asc&anchor=${second.anchor}`, { number: NUMBER }),
    );
    expect(again.totalElements).toBe(want.length);
  });

  it('counts a period from whole days, edge hours and edge minutes exactly, with kind and result', async () => {
    const db = t.database.db;
    const periods = [
      [BASE - 86_400_000, Date.now()],
      [BASE + 1.5 * HOUR + 17_000, BASE + 2 * 86_400_000 + 5.25 * HOUR],
      [BASE + 3 * HOUR, BASE + 27 * HOUR],
      [BASE + 10 * HOUR + 60_000, BASE + 10.5 * HOUR],
      [BASE + 5 * HOUR + 1000, BASE + 31 * HOUR + 999],
    ] as const;
    const filters = [{ missed: false }, { missed: false, kind: 'inbound' as const }, { missed: true }];
    for (const [from, to] of periods) {
      for (const filter of filters) {
        const period = { from: new Date(from), to: new Date(to) };
        const [row] = rowsOf<{ n: number }>(
          await db.execute(
            sql`SELECT count(*)::int n FROM calls WHERE domain_uuid = ${office.domainUuid}
                  AND start_stamp >= ${period.from} AND start_stamp < ${period.to}
                  AND (${filter.kind ?? null}::text IS NULL OR kind = ${filter.kind ?? null})
                  AND ${filter.missed ? sql`kind = 'inbound' AND ${inArray(calls.result, MISSED_RESULTS)}` : sql`true`}`,
          ),
        );
        expect(await periodTotal(db, office.domainUuid, period, filter)).toBe(row!.n);
      }
    }
  });

  it('cuts a period into pieces that cover it once', () => {
    const from = new Date(BASE + 1.5 * HOUR + 17_000);
    const to = new Date(BASE + 2 * 86_400_000 + 5.25 * HOUR);
    const { days, hours, rest } = periodPieces(from, to);
    const all = [...rest, ...hours, ...days].sort((a, b) => a[0].getTime() - b[0].getTime());
    expect(all[0]![0]).toEqual(from);
    expect(all.at(-1)![1]).toEqual(to);
    for (let i = 1; i < all.length; i++) expect(all[i]![0]).toEqual(all[i - 1]![1]);
    expect(days.map(([a, b]) => [a.getTime() - BASE, b.getTime() - BASE])).toEqual([
      [86_400_000, 172_800_000],
    ]);
    expect(hours).toHaveLength(2);
    expect(periodPieces(new Date(BASE + 60_000), new Date(BASE + 120_000))).toEqual({
      days: [],
      hours: [],
      rest: [[new Date(BASE + 60_000), new Date(BASE + 120_000)]],
    });
  });

  it('keeps its totals right as calls are stored, refolded and deleted', async () => {
    const total = async (more: Record<string, unknown> = {}) =>
      (await search(admin, asBody('size=5&page=0', more))).totalElements;
    const [all, inbound] = [await total(), await total({ kind: 'inbound' })];
    const added = {
      ...callRow(office, 40),
      kind: 'inbound' as const,
      startStamp: new Date(Date.now() - 60_000),
    };
    await t.database.db.insert(calls).values(added);
    expect([await total(), await total({ kind: 'inbound' })]).toEqual([all + 1, inbound + 1]);
    await t.database.db.update(calls).set({ kind: 'outbound' }).where(eq(calls.callUuid, added.callUuid));
    expect([await total(), await total({ kind: 'inbound' })]).toEqual([all + 1, inbound]);
    await t.database.db.delete(calls).where(eq(calls.callUuid, added.callUuid));
    expect([await total(), await total({ kind: 'outbound' })]).toEqual([
      all,
      (await expected('start_stamp', 'asc', sql`kind = 'outbound'`)).length,
    ]);
  });

  it('shows none of another tenant’s calls, and an anchor naming one bounds nothing', async () => {
    const seen = await walk('startStamp,desc');
    expect(seen).not.toContain(otherCallUuid);
    const first = await search(admin, asBody('size=4&page=0&sort=startStamp,desc'));
    const forged = first.anchor!.replace(/~[\w-]+$/, `~${otherCallUuid}`);
    const next = await search(admin, asBody(`size=4&page=1&sort=startStamp,desc&anchor=${forged}`));
    expect(next.content.map((c) => c.callUuid)).toEqual(seen.slice(4, 8));
  });
});
