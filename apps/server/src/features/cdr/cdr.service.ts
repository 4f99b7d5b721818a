import { z } from 'zod';
import { answeredElsewhere, cdrDialNumber, UNREGISTERED, type CdrItem, type Page } from '@tsunagu/contract';
import { Refusal } from '@tsunagu/contract/refusal';
import type { Auth } from '../../platform/auth/auth-context';
import { customerNamesOf } from '../../platform/crm/customer-names';
import type { Db } from '../../platform/db/client';
import { recordingsOfCalls } from '../../platform/call-model/call-recordings';
import { openRecallCount } from '../../platform/call-model/recall-life-cycle';
import { pageAnchorOf, parsePageAnchor } from '../../platform/db/paging';
import { extensionNames, historyPage, ownHistory } from './cdr.repository';

const isUuid = (id: string) => z.uuid().safeParse(id).success;

export function createCdrService({ db }: { db: Db }) {
  return {
    /** A page of the caller's own extension's call history. */
    async page(
      auth: Auth,
      tenantUuid: string,
      extensionUuid: string,
      query: { size: number; page: number; sort: string; anchor?: string },
    ): Promise<{ page: Page<CdrItem> }> {
      const own = await ownHistory(db, tenantUuid, auth.userUuid, extensionUuid);
      if (own === null) throw new Refusal('forbidden', 'forbidden');
      const ownNumber = own.extension;
      const descending = query.sort.toUpperCase().endsWith('DESC');
      const paging = { page: query.page, size: query.size, descending };
      const rows = await historyPage(db, tenantUuid, extensionUuid, own.total, {
        ...paging,
        newestFirst: descending,
        anchor: parsePageAnchor(query.anchor, paging, isUuid),
      });
      const total = own.total;
      // Only a local call's other party can be a colleague with a name; outside numbers are customers.
      const locals = rows.filter((r) => r.direction === 'local').map((r) => cdrDialNumber(r, ownNumber));
      const names = await extensionNames(db, tenantUuid, [...new Set(locals)]);
      const outside = rows.filter((r) => r.direction !== 'local').map((r) => cdrDialNumber(r, ownNumber));
      const customers = await customerNamesOf(db, tenantUuid, outside);
      // A leg stored before the call model was a call of its own (its id is the call's).
      const callIdOf = (row: (typeof rows)[number]) => row.callId ?? row.callUuid;
      const recordings = await recordingsOfCalls(db, tenantUuid, rows.map(callIdOf));
      const content = rows.map((row): CdrItem => {
        // A colleague's extension by its name; an outside number by its customer's name, else 未登録.
        const other = cdrDialNumber(row, ownNumber);
        const recorded = recordings.get(callIdOf(row));
        return {
          cdrUuid: row.cdrUuid,
          direction: row.direction,
          callerIdName: row.callerIdName,
          callerIdNumber: row.callerIdNumber,
          destinationNumber: row.destinationNumber,
          displayName:
            row.direction === 'local' ? (names.get(other) ?? other) : (customers.get(other) ?? UNREGISTERED),
          billsec: row.billsec,
          answeredElsewhere: answeredElsewhere(row),
          startStamp: row.startStamp.toISOString(),
          ...(recorded && { recordings: recorded }),
        };
      });
      const anchor = pageAnchorOf(
        paging,
        rows.map((r) => r.cdrUuid),
      );
      return {
        page: {
          content,
          totalElements: total,
          number: query.page,
          size: query.size,
          ...(anchor && { anchor }),
        },
      };
    },

    /** How many recall items of the tenant are open (the header's recall badge, shown to everyone). */
    async recall(tenantUuid: string): Promise<{ count: number }> {
      return { count: await openRecallCount(db, tenantUuid) };
    },
  };
}

export type CdrService = ReturnType<typeof createCdrService>;
