import { endpoints } from '@tsunagu/contract/api';
import type { LayoutRecord } from '@tsunagu/contract/crm/layout';
import type { CallerCard, CustomerLookup, Note, NoteSave } from '@tsunagu/contract/crm/notes';
import { queryOptions } from '@tanstack/react-query';
import { fetchData } from '../api/client';

/**
 * Customer data more than one feature reads: the customer screens, the incoming-call pop-ups and the
 * softphone tab (the caller's name, the layout's note picklists, writing a note).
 */
export const customerKeys = {
  all: (domainUuid: string) => ['customers', domainUuid] as const,
  number: (domainUuid: string, number: string) => ['customers', domainUuid, 'number', number] as const,
  layout: (domainUuid: string) => ['customers', domainUuid, 'layout'] as const,
  owners: (domainUuid: string) => ['customers', domainUuid, 'owners'] as const,
  caller: (domainUuid: string, number: string) => ['customers', domainUuid, 'caller', number] as const,
};

export const layoutQuery = (domainUuid: string) =>
  queryOptions({
    queryKey: customerKeys.layout(domainUuid),
    queryFn: ({ signal }): Promise<LayoutRecord> =>
      fetchData(endpoints.layoutGet, { params: { domainUuid }, signal }),
    staleTime: 60_000,
  });

/** A number's record and timeline, or the empty form (the record page; read ahead on a ring). */
export const customerByNumberQuery = (domainUuid: string, number: string) =>
  queryOptions({
    queryKey: customerKeys.number(domainUuid, number),
    queryFn: ({ signal }): Promise<CustomerLookup> =>
      fetchData(endpoints.customerByNumber, { params: { domainUuid, number }, signal }),
  });

/** The ringing number's customer name and pop-up fields (read again on every ring: incoming-notice.ts). */
export const callerCardQuery = (domainUuid: string, number: string) =>
  queryOptions({
    queryKey: customerKeys.caller(domainUuid, number),
    queryFn: ({ signal }): Promise<CallerCard> =>
      fetchData(endpoints.customerCaller, { params: { domainUuid, number }, signal }),
  });

export function saveNote(body: NoteSave): Promise<Note> {
  return fetchData(endpoints.customerNote, { body });
}
