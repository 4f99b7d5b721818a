import { endpoints } from '@tsunagu/contract/api';
import type { CdrItem, Page } from '@tsunagu/contract/cdr';
import { queryOptions } from '@tanstack/react-query';
import { fetchData } from '../../shared/api/client';

/** Records read per request (the endpoint's largest page). */
export const SCAN_PAGE_SIZE = 100;
/** How far back the record looks: the user's latest 500 calls. */
export const SCAN_MAX_PAGES = 5;

/** True when the call was with that number (as caller or as the number dialled). */
export function isCallWith(
  cdr: Pick<CdrItem, 'callerIdNumber' | 'destinationNumber'>,
  number: string,
): boolean {
  return cdr.callerIdNumber === number || cdr.destinationNumber === number;
}

/** The user's calls with a number among their latest ones, and how many calls were looked through. */
export interface CallsWithNumber {
  calls: CdrItem[];
  scanned: number;
  /** More calls exist than were looked through. */
  truncated: boolean;
}

/**
 * Reads the user's history newest first, page by page (at most SCAN_MAX_PAGES), keeping the calls
 * with `number`. Until customer records exist this is the record's call list.
 */
export async function scanCallsWith(
  number: string,
  readPage: (page: number) => Promise<Page<CdrItem>>,
): Promise<CallsWithNumber> {
  const calls: CdrItem[] = [];
  let scanned = 0;
  let total = 0;
  for (let page = 0; page < SCAN_MAX_PAGES; page++) {
    const result = await readPage(page);
    total = result.totalElements;
    scanned += result.content.length;
    calls.push(...result.content.filter((cdr) => isCallWith(cdr, number)));
    if (result.content.length < SCAN_PAGE_SIZE || scanned >= total) break;
  }
  return { calls, scanned, truncated: scanned < total };
}

/** The query of the record's call list (POST /v1/cdr/ext, own extension only). */
export const callsWithNumberQuery = (domainUuid: string, extensionUuid: string, number: string) =>
  queryOptions({
    queryKey: ['cdr', extensionUuid, 'number', number],
    queryFn: () =>
      scanCallsWith(number, async (page) => {
        const query = { size: SCAN_PAGE_SIZE, page, sort: 'startStamp,DESC' } as const;
        return (await fetchData(endpoints.cdrExt, { query, body: { domainUuid, extensionUuid } })).page;
      }),
  });
