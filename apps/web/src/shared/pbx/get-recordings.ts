import { endpoints } from '@tsunagu/contract/api';
import type { RecordingListData } from '@tsunagu/contract/pbx/recording';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { fetchData } from '../api/client';
import { pbxKeys, useDomainUuid } from './pbx-query';

/**
 * GET /v1/recording/{domainUuid}: the tenant's audio files (the list screen and every announcement select)
 * and how much of its storage they use.
 */
export function getRecordings(domainUuid: string, signal?: AbortSignal): Promise<RecordingListData> {
  return fetchData(endpoints.recordingList, { params: { domainUuid }, signal });
}

export const recordingsQuery = (domainUuid: string) =>
  queryOptions({
    queryKey: pbxKeys.list(domainUuid, 'recordings'),
    queryFn: ({ signal }) => getRecordings(domainUuid, signal),
  });

/** The tenant's recordings. */
export function useRecordings() {
  return useQuery(recordingsQuery(useDomainUuid()));
}

/** Select options of the recordings: value the filename, label the name. */
export function useRecordingOptions(): { value: string; label: string }[] {
  const list = useRecordings().data?.list;
  return (list ?? []).map((r) => ({
    value: r.recordingFilename,
    label: r.recordingName || r.recordingFilename,
  }));
}
