import { endpoints } from '@tsunagu/contract/api';
import { CDR_PAGE_SIZE, type CdrItem, type Page } from '@tsunagu/contract/cdr';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../../shared/api/client';
import { withQuery } from '../../shared/api/with-query';

/** Whose history and which page (1-based, as the pager shows it). */
export interface CdrPageRequest {
  domainUuid: string;
  extensionUuid: string;
  page: number;
}

/** POST /v1/cdr/ext?size=10&page={page-1}&sort=startStamp,DESC: one page of the user's own calls, newest first. */
export async function getCdrPage({
  domainUuid,
  extensionUuid,
  page,
}: CdrPageRequest): Promise<Page<CdrItem>> {
  const endpoint = withQuery(endpoints.cdrExt, {
    size: CDR_PAGE_SIZE,
    page: page - 1,
    sort: 'startStamp,DESC',
  });
  const { data } = await callApi<{ page: Page<CdrItem> }>(endpoint, { body: { domainUuid, extensionUuid } });
  return data.page;
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
