import type { CallRecordingMode } from '@tsunagu/contract/call-recording';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CallView } from '../../phone/call-session';
import { recordCall, useCallRecordingSetting } from '../../shared/call-recording/call-recording-queries';

const stateKey = (callID: string) => ['callRecording', callID] as const;

/** What the softphone shows for recording the current call. */
export interface CallRecordingControl {
  mode: CallRecordingMode;
  /** The call is connected (active or held): it can be recorded. */
  connected: boolean;
  /** This call is being recorded now (always, or 録音 pressed). */
  recording: boolean;
  busy: boolean;
  toggle(): void;
}

/**
 * The record button's state for the current call: the tenant's mode, and whether 録音 was pressed on
 * this call (kept in the query cache, so it survives switching side-panel tabs during the call).
 */
export function useCallRecording(domainUuid: string, call: CallView | null): CallRecordingControl {
  const mode = useCallRecordingSetting(domainUuid).data?.mode ?? 'off';
  const queryClient = useQueryClient();
  const callID = call?.callID ?? '';
  const pressed = useQuery({
    queryKey: stateKey(callID),
    queryFn: () => false,
    staleTime: Infinity,
    enabled: callID !== '',
  }).data;
  const connected = call?.status === 'active' || call?.status === 'held';
  const mutation = useMutation({
    mutationFn: (action: 'start' | 'stop') => recordCall(action, callID),
    onSuccess: (state) => queryClient.setQueryData(stateKey(callID), state.recording),
  });
  return {
    mode,
    connected,
    recording: connected && (mode === 'always' || pressed === true),
    busy: mutation.isPending,
    toggle: () => mutation.mutate(pressed ? 'stop' : 'start'),
  };
}
