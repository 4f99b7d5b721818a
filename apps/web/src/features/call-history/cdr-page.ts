import { endpoints } from '@tsunagu/contract/api';
import { CDR_PAGE_SIZE, type CdrItem, type Page } from '@tsunagu/contract/cdr';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { fetchData } from '../../shared/api/client';
import { fetchAnchoredPage } from '../../shared/api/page-anchors';

/** Whose history and which page (1-based, as the pager shows it). */
export interface CdrPageRequest {
  domainUuid: string;
  extensionUuid: string;
  page: number;
}

/**
 * POST /v1/cdr/ext?size=10&page={page-1}&sort=startStamp,DESC: one page of the user's own calls, newest
 * first, read from the anchor of the nearest page held (keyset paging).
 */
export async function getCdrPage({
  domainUuid,
  extensionUuid,
  page,
}: CdrPageRequest): Promise<Page<CdrItem>> {
  const list = `cdr:${extensionUuid}:${CDR_PAGE_SIZE}:desc`;
  return fetchAnchoredPage(list, page - 1, async (anchor) => {
    const query = { size: CDR_PAGE_SIZE, page: page - 1, sort: 'startStamp,DESC', anchor } as const;
    return (await fetchData(endpoints.cdrExt, { query, body: { domainUuid, extensionUuid } })).page;
  });
}

export const cdrPageQuery = (request: CdrPageRequest) =>
  queryOptions({
    queryKey: ['cdr', request.extensionUuid, request.page],
    queryFn: () => getCdrPage(request),
    // The list keeps the previous page on screen while the next one loads.
    placeholderData: keepPreviousData,
  });

/** A page of the user's call history. */
export function useCdrPage(request: CdrPageRequest) {
  return useQuery(cdrPageQuery(request));
}
