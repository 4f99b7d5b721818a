import { cdrDialNumber, UNREGISTERED, type CdrItem, type Page, Refusal } from '@tsunagu/contract';
import type { Auth } from '../../platform/auth/auth-context';
import type { Db } from '../../platform/db/client';
import { extensionNames, ownExtensionNumber, pageOfExtension, recallCount } from './cdr.repository';

export function createCdrService({ db }: { db: Db }) {
  return {
    /** A page of the caller's own extension's call history. */
    async page(
      auth: Auth,
      tenantUuid: string,
      extensionUuid: string,
      query: { size: number; page: number; sort: string },
    ): Promise<{ page: Page<CdrItem> }> {
      const ownNumber = await ownExtensionNumber(db, tenantUuid, auth.userUuid, extensionUuid);
      if (ownNumber === null) throw new Refusal('forbidden', 'forbidden');
      const { rows, total } = await pageOfExtension(db, tenantUuid, extensionUuid, {
        size: query.size,
        offset: query.page * query.size,
        newestFirst: query.sort.toUpperCase().endsWith('DESC'),
      });
      const numbers = [...new Set(rows.flatMap((r) => [r.callerIdNumber, r.destinationNumber]))];
      const names = await extensionNames(db, tenantUuid, numbers);
      const content = rows.map((row): CdrItem => {
        // Until customer records exist, only colleagues' extensions have a name; outside numbers are unregistered.
        const other = cdrDialNumber(row, ownNumber);
        return {
          cdrUuid: row.cdrUuid,
          direction: row.direction,
          callerIdName: row.callerIdName,
          callerIdNumber: row.callerIdNumber,
          destinationNumber: row.destinationNumber,
          displayName: row.direction === 'local' ? (names.get(other) ?? other) : UNREGISTERED,
          billsec: row.billsec,
          startStamp: row.startStamp.toISOString(),
        };
      });
      return { page: { content, totalElements: total, number: query.page, size: query.size } };
    },

    /** How many outside callers are waiting for a call back (the header's recall badge). */
    async recall(tenantUuid: string): Promise<{ count: number }> {
      return { count: await recallCount(db, tenantUuid) };
    },
  };
}

export type CdrService = ReturnType<typeof createCdrService>;
