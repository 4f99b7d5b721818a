import { PhoneOutlined } from '@ant-design/icons';
import { endpoints } from '@tsunagu/contract/api';
import type { CallStateItem } from '@tsunagu/contract/call';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Badge, Button, Flex, Typography } from 'antd';
import { useCallback, useState } from 'react';
import { callApi, fetchData } from '../../shared/api/client';
import { liveTopics } from '../../shared/realtime/live-topics';
import { useRealtimeConnected, useTopic } from '../../shared/realtime/realtime-session';
import { useOwnExtensionNumber, useUserInfo } from '../../shared/session/session-store';
import { callerDisplay } from './caller-display';
import { deskPhoneJa } from './desk-phone.ja';

const t = deskPhoneJa;

/** What the simulated desk phone is doing. */
export type DeskPhoneState = 'idle' | 'ringing' | 'talking';

/** The desk phone's state from its extension's channels: talking beats ringing (a second call waits). */
export function deskPhoneState(extension: string | null, channels: readonly CallStateItem[]): DeskPhoneState {
  const own = channels.filter(
    (c) => extension !== null && c.extension === extension && c.application !== 'valet_park',
  );
  if (own.some((c) => c.callstate === 'ACTIVE' || c.callstate === 'HELD')) return 'talking';
  if (own.some((c) => c.callstate === 'RINGING' || c.callstate === 'EARLY')) return 'ringing';
  return 'idle';
}

const channelsKey = (domainUuid: string) => ['deskPhone', 'callState', domainUuid] as const;

/**
 * Sandbox only, desk-phone mode: the user's simulated desk phone with 応答 and 切断
 * (POST /v1/sandbox/deskphone/answer|hangup). Its state follows the tenant's channels; the caller
 * shown comes from the ring topic (click-to-call rings included).
 */
export function DeskPhoneControls() {
  const info = useUserInfo();
  const { domainUuid, userUuid } = info.user;
  const extension = useOwnExtensionNumber();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [caller, setCaller] = useState('');
  const [rangAt, setRangAt] = useState(0);

  const channels = useQuery({
    queryKey: channelsKey(domainUuid),
    queryFn: () => fetchData(endpoints.callState, { params: { domainUuid } }),
    meta: { handlesErrors: true },
  });
  const refresh = useCallback(
    () => void queryClient.invalidateQueries({ queryKey: channelsKey(domainUuid) }),
    [queryClient, domainUuid],
  );
  useTopic(liveTopics.callState(domainUuid), refresh);
  useRealtimeConnected(refresh);
  useTopic(liveTopics.ring(userUuid), (ring) => {
    const shown = callerDisplay(ring.callerName, ring.callerNumber);
    setCaller(ring.clickToCall ? `${t.clickToCall} ${shown.number}` : `${shown.name} ${shown.number}`.trim());
    setRangAt(Date.now());
    refresh();
  });

  const press = useMutation({
    mutationFn: (action: 'answer' | 'hangup') => callApi(endpoints.sandboxDeskPhone, { params: { action } }),
    onSuccess: refresh,
    onError: (error) => void message.error(error.message),
    meta: { handlesErrors: true },
  });

  const seen = deskPhoneState(extension, channels.data ?? []);
  // The ring notice comes before the channels are read again: until they are, the phone rings.
  const state = seen === 'idle' && rangAt > channels.dataUpdatedAt ? 'ringing' : seen;
  const text = state === 'ringing' ? t.ringing(caller) : state === 'talking' ? t.talking : t.idle;
  return (
    <Flex align="center" gap={6} role="group" aria-label={t.label}>
      <Badge status={state === 'idle' ? 'default' : state === 'ringing' ? 'warning' : 'success'} />
      <Typography.Text style={{ whiteSpace: 'nowrap' }} title={t.label}>
        {text}
      </Typography.Text>
      <Button
        size="small"
        type="primary"
        icon={<PhoneOutlined />}
        disabled={state !== 'ringing' || press.isPending}
        onClick={() => press.mutate('answer')}
      >
        {t.answer}
      </Button>
      <Button
        size="small"
        danger
        icon={<PhoneOutlined rotate={135} />}
        disabled={state === 'idle' || press.isPending}
        onClick={() => press.mutate('hangup')}
      >
        {t.hangUp}
      </Button>
    </Flex>
  );
}
