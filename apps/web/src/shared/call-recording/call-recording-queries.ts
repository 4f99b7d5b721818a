import { endpoints } from '@tsunagu/contract/api';
import type { CallRecordingSetting } from '@tsunagu/contract/call-recording';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { fetchBlob, fetchData } from '../api/client';
import { useRefetchOnPbxChange } from '../realtime/refetch-on-pbx-change';

const key = (domainUuid: string) => ['callRecordingSetting', domainUuid] as const;

/**
 * The tenant's call recording setting, read again when the tenant's configuration changes (/topic/pbx:
 * an administrator saved it) and after each (re)connection of the socket, which may have missed one.
 */
export function useCallRecordingSetting(domainUuid: string) {
  useRefetchOnPbxChange(domainUuid, key(domainUuid));
  return useQuery({
    queryKey: key(domainUuid),
    queryFn: () => fetchData(endpoints.callRecordingSetting, { params: { domainUuid } }),
    meta: { handlesErrors: true },
  });
}

/** Saves the setting (administrators); the answer is the setting now. */
export function useSaveCallRecordingSetting(domainUuid: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (setting: CallRecordingSetting) =>
      fetchData(endpoints.callRecordingSettingSave, { params: { domainUuid }, body: setting }),
    onSuccess: (setting) => queryClient.setQueryData(key(domainUuid), setting),
    meta: { handlesErrors: true },
  });
}

/** 録音 / 録音停止 on one's own call (its softphone call id). */
export function recordCall(action: 'start' | 'stop', channelUuid: string) {
  const endpoint = action === 'start' ? endpoints.callRecordingStart : endpoints.callRecordingStop;
  return fetchData(endpoint, { body: { channelUuid } });
}

/** A recording's audio as a Blob (sent with the Bearer token). */
export function fetchCallRecording(recordingUuid: string): Promise<Blob> {
  return fetchBlob(endpoints.callRecordingFile, { params: { recordingUuid } });
}
