import { endpoints } from '@tsunagu/contract/api';
import { topics } from '@tsunagu/contract/realtime';
import {
  parseVoicemailCount,
  type VoicemailBox,
  type VoicemailList,
  type VoicemailSettings,
} from '@tsunagu/contract/voicemail';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { fetchBlob, fetchData } from '../api/client';
import { useRealtimeConnected, useTopic } from '../realtime/realtime-session';
import type { LiveTopic } from '../realtime/live-topics';

const boxKey = (domainUuid: string) => ['voicemail', 'box', domainUuid] as const;
const listKey = (domainUuid: string) => ['voicemail', 'messages', domainUuid] as const;

/** /topic/voicemail/{userUuid}: one's count of new messages. */
const countTopic = (userUuid: string): LiveTopic<number | null> => ({
  destination: topics.voicemail(userUuid),
  parse: parseVoicemailCount,
});

/**
 * One's messages with the count of new ones (GET /v1/voicemail/messages), read again whenever the
 * count changes on one's topic (a message arrived, was heard or deleted, on any of one's tabs) and
 * after each (re)connection of the socket, which may have missed one.
 */
export function useVoicemailMessages(domainUuid: string, userUuid: string, enabled = true) {
  const queryClient = useQueryClient();
  const refetch = () => void queryClient.invalidateQueries({ queryKey: listKey(domainUuid) });
  useTopic(enabled ? countTopic(userUuid) : null, refetch);
  useRealtimeConnected(refetch);
  return useQuery({
    queryKey: listKey(domainUuid),
    queryFn: () => fetchData(endpoints.voicemailMessages, { params: { domainUuid } }),
    enabled,
    meta: { handlesErrors: true },
  });
}

/** Marking heard / new and deleting: each answers the list as it is now. */
export function useVoicemailMessageActions(domainUuid: string) {
  const queryClient = useQueryClient();
  const keep = (list: VoicemailList) => queryClient.setQueryData(listKey(domainUuid), list);
  const heard = useMutation({
    mutationFn: (input: { messageUuid: string; heard: boolean }) =>
      fetchData(endpoints.voicemailHeard, { params: { domainUuid }, body: input }),
    onSuccess: keep,
    meta: { handlesErrors: true },
  });
  const remove = useMutation({
    mutationFn: (messageUuid: string) =>
      fetchData(endpoints.voicemailMessageDelete, { params: { domainUuid, messageUuid } }),
    onSuccess: keep,
    meta: { handlesErrors: true },
  });
  return { heard, remove };
}

/** A message's audio as a Blob (for the player and the download). */
export function fetchVoicemailAudio(domainUuid: string, messageUuid: string): Promise<Blob> {
  return fetchBlob(endpoints.voicemailMessagePlay, { params: { domainUuid, messageUuid } });
}

/** The box's own greeting as a Blob. */
export function fetchGreetingAudio(domainUuid: string): Promise<Blob> {
  return fetchBlob(endpoints.voicemailGreetingPlay, { params: { domainUuid } });
}

export function useVoicemailBox(domainUuid: string, enabled = true) {
  return useQuery({
    queryKey: boxKey(domainUuid),
    queryFn: () => fetchData(endpoints.voicemailBox, { params: { domainUuid } }),
    enabled,
    meta: { handlesErrors: true },
  });
}

/** Saving the settings, uploading and removing the own greeting: each answers the box as it is now. */
export function useVoicemailBoxActions(domainUuid: string) {
  const queryClient = useQueryClient();
  const keep = (box: VoicemailBox) => queryClient.setQueryData(boxKey(domainUuid), box);
  const save = useMutation({
    mutationFn: (settings: VoicemailSettings) =>
      fetchData(endpoints.voicemailBoxSave, { params: { domainUuid }, body: settings }),
    onSuccess: keep,
    meta: { handlesErrors: true },
  });
  const upload = useMutation({
    mutationFn: (file: File) => {
      const form = new FormData();
      form.append('file', file, file.name);
      return fetchData(endpoints.voicemailGreetingUpload, { params: { domainUuid }, body: form });
    },
    onSuccess: keep,
    meta: { handlesErrors: true },
  });
  const removeGreeting = useMutation({
    mutationFn: () => fetchData(endpoints.voicemailGreetingDelete, { params: { domainUuid } }),
    onSuccess: keep,
    meta: { handlesErrors: true },
  });
  return { save, upload, removeGreeting };
}
