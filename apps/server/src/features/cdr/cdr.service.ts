import { z } from 'zod';
import { answeredElsewhere, cdrDialNumber, UNREGISTERED, type CdrItem, type Page } from '@tsunagu/contract';
import { Refusal } from '@tsunagu/contract/refusal';
import type { Auth } from '../../platform/auth/auth-context';
import { customerNamesOf } from '../../platform/crm/customer-names';
import type { Db } from '../../platform/db/client';
import { recordingsOfCalls } from '../../platform/call-model/call-recordings';
import { openRecallCount } from '../../platform/call-model/recall-life-cycle';
import { pageAnchorOf, parsePageAnchor } from '../../platform/db/paging';
import { historyPage, ownHistory, type CdrRow } from './cdr.repository';

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
      const rows = await historyPage(db, tenantUuid, { uuid: extensionUuid, number: ownNumber }, own.total, {
        ...paging,
        newestFirst: descending,
        anchor: parsePageAnchor(query.anchor, paging, isUuid),
      });
      // Only a local call's other party is a colleague (named with the page); outside numbers are customers.
      const outside = rows
        .filter(({ cdr }) => cdr.direction !== 'local')
        .map(({ cdr }) => cdrDialNumber(cdr, ownNumber));
      const customers = await customerNamesOf(db, tenantUuid, outside);
      // A leg stored before the call model was a call of its own (its id is the call's).
      const callIdOf = (cdr: CdrRow) => cdr.callId ?? cdr.callUuid;
      const recordings = await recordingsOfCalls(
        db,
        tenantUuid,
        rows.map(({ cdr }) => callIdOf(cdr)),
      );
      const content = rows.map(({ cdr, colleague }): CdrItem => {
        // A colleague's extension by its name; an outside number by its customer's name, else 未登録.
        const other = cdrDialNumber(cdr, ownNumber);
        const recorded = recordings.get(callIdOf(cdr));
        return {
          cdrUuid: cdr.cdrUuid,
          direction: cdr.direction,
          callerIdName: cdr.callerIdName,
          callerIdNumber: cdr.callerIdNumber,
          destinationNumber: cdr.destinationNumber,
          displayName:
            cdr.direction === 'local' ? (colleague ?? other) : (customers.get(other) ?? UNREGISTERED),
          billsec: cdr.billsec,
          answeredElsewhere: answeredElsewhere(cdr),
          startStamp: cdr.startStamp.toISOString(),
          ...(recorded && { recordings: recorded }),
        };
      });
      const anchor = pageAnchorOf(
        paging,
        rows.map(({ cdr }) => cdr.cdrUuid),
      );
      return {
        page: {
          content,
          totalElements: own.total,
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
