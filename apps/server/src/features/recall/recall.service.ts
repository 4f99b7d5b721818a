import { randomUUID } from 'node:crypto';
import { numberKey, topics, type Parsed, type RecallItem, type endpoints } from '@tsunagu/contract';
import { Refusal } from '@tsunagu/contract/refusal';
import { EXPORT_MAX_ROWS, type Page } from '@tsunagu/contract/paging';
import type { Auth } from '../../platform/auth/auth-context';
import { openRecallCount } from '../../platform/call-model/recall-life-cycle';
import type { Conn, Db } from '../../platform/db/client';
import { keysetPageAnswer } from '../../platform/db/paging';
import { recallItems } from '../../platform/db/schema';
import {
  assignItems,
  assigneesBelong,
  closeItems,
  recallItem,
  recallPage,
  recallRows,
  recallTotal,
  scopeAssignees,
  type RecallFilter,
} from './recall.repository';

type RecallQuery = Parsed<typeof endpoints.recallList, 'query'>;
type RecallCreate = Parsed<typeof endpoints.recallCreate, 'body'>;
type RecallBulk = Parsed<typeof endpoints.recallBulk, 'body'>;

interface RecallDeps {
  db: Db;
  publish: (topic: string, body: string) => void;
  now?: () => Date;
}

/** The recall list (折り返し): list, make by hand, assign and close; every change republishes the badge. */
export function createRecallService({ db, publish, now = () => new Date() }: RecallDeps) {
  const filterOf = async (auth: Auth, tenantUuid: string, query: RecallQuery): Promise<RecallFilter> => ({
    tenantUuid,
    assignees: await scopeAssignees(db, auth.userUuid, query.scope),
    state: query.state,
    overdue: query.overdue,
    now: now(),
  });
  const publishCount = async (conn: Conn, tenantUuid: string) =>
    publish(topics.recall(tenantUuid), String(await openRecallCount(conn, tenantUuid)));
  const checkAssignees = async (conn: Conn, tenantUuid: string, body: RecallCreate | RecallBulk) => {
    if (!(await assigneesBelong(conn, tenantUuid, body.assigneeUserUuid, body.assigneeGroupUuid))) {
      throw new Refusal('invalid', 'recallAssigneeNotFound');
    }
  };

  return {
    /**
     * A page of the list, in every scope, state and order read by keyset from the anchor the client
     * sent, its total from the counters (recall.repository.ts recallTotal). Overdue items have no
     * counter (what is overdue moves with the clock): they are counted on the first page only and the
     * count is carried in the anchors.
     */
    async page(auth: Auth, tenantUuid: string, query: RecallQuery): Promise<Page<RecallItem>> {
      const filter = await filterOf(auth, tenantUuid, query);
      return keysetPageAnswer(
        query,
        () => recallTotal(db, filter),
        (total, page) => recallPage(db, filter, query.sort, total, page),
        (item) => item.recallUuid,
        { countOnce: query.overdue },
      );
    },

    async export(auth: Auth, tenantUuid: string, query: RecallQuery): Promise<RecallItem[]> {
      const filter = await filterOf(auth, tenantUuid, query);
      const rows = await recallRows(db, filter, query.sort, EXPORT_MAX_ROWS + 1);
      if (rows.length > EXPORT_MAX_ROWS) throw new Refusal('invalid', 'exportTooLarge');
      return rows;
    },

    async create(auth: Auth, tenantUuid: string, body: RecallCreate): Promise<RecallItem> {
      const key = numberKey(body.number);
      if (!key) throw new Refusal('invalid', 'recallNumberInvalid');
      await checkAssignees(db, tenantUuid, body);
      const recallUuid = randomUUID();
      await db.insert(recallItems).values({
        recallUuid,
        domainUuid: tenantUuid,
        number: body.number,
        numberKey: key,
        reason: body.reason,
        assigneeUserUuid: body.assigneeUserUuid ?? null,
        assigneeGroupUuid: body.assigneeGroupUuid ?? null,
        dueAt: body.dueAt ? new Date(body.dueAt) : null,
        createdAt: now(),
        createdBy: auth.userUuid,
      });
      await publishCount(db, tenantUuid);
      return (await recallItem(db, tenantUuid, recallUuid, now()))!;
    },

    async bulk(auth: Auth, tenantUuid: string, body: RecallBulk): Promise<{ updated: number }> {
      const ids = [...new Set(body.recallUuids)];
      let updated: number;
      if (body.action === 'assign') {
        await checkAssignees(db, tenantUuid, body);
        updated = await assignItems(db, tenantUuid, ids, {
          userUuid: body.assigneeUserUuid ?? null,
          groupUuid: body.assigneeGroupUuid ?? null,
        });
      } else {
        updated = await closeItems(db, tenantUuid, ids, auth.userUuid, now());
        if (updated > 0) await publishCount(db, tenantUuid);
      }
      return { updated };
    },

    async done(auth: Auth, tenantUuid: string, recallUuid: string): Promise<RecallItem> {
      const item = await recallItem(db, tenantUuid, recallUuid, now());
      if (!item) throw new Refusal('not-found', 'recallNotFound');
      if (item.state === 'done') throw new Refusal('conflict', 'recallAlreadyDone');
      await closeItems(db, tenantUuid, [recallUuid], auth.userUuid, now());
      await publishCount(db, tenantUuid);
      return (await recallItem(db, tenantUuid, recallUuid, now()))!;
    },
  };
}
export type RecallService = ReturnType<typeof createRecallService>;
