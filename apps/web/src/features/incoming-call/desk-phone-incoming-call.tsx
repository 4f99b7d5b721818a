import { endpoints } from '@tsunagu/contract/api';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { fetchData } from '../../shared/api/client';
import { useOpenCustomer } from '../../phone/customer-link';
import { ja } from '../../shared/i18n/ja';
import { liveTopics } from '../../shared/realtime/live-topics';
import { useTopic } from '../../shared/realtime/realtime-session';
import { useOwnExtensionNumber, useUserInfo } from '../../shared/session/session-store';
import { callerDisplay, type CallerDisplay } from './caller-display';
import { IncomingCallModal, type ModalAction } from './incoming-call-modal';
import { deskPhoneState } from './desk-phone-controls';
import { useIncomingNotice, type DismissNotice } from './incoming-notice';

const t = ja.incoming;

/** Spec 6: in desk-phone mode a ring pops up only with the pop-up setting on, and never for a click-to-call. */
export function popsUp(popup: string, ring: { clickToCall: boolean }): boolean {
  return popup === 'true' && !ring.clickToCall;
}

/**
 * A 'phone' user's incoming call (from /topic/ring/{userUuid}): the number and name with Move
 * (to the customer record, for an outside number) and Close, plus the notices.
 */
export function DeskPhoneIncomingCall() {
  const { user } = useUserInfo();
  const extension = useOwnExtensionNumber();
  const queryClient = useQueryClient();
  const [caller, setCaller] = useState<CallerDisplay | null>(null);
  const [rangAt, setRangAt] = useState(0);
  const dismissNotice = useRef<DismissNotice | null>(null);
  const notice = useIncomingNotice();
  const openCustomer = useOpenCustomer();

  const close = useCallback(() => {
    dismissNotice.current?.();
    dismissNotice.current = null;
    setCaller(null);
  }, []);

  useTopic(liveTopics.ring(user.userUuid), (ring) => {
    if (!popsUp(user.popup, ring)) return;
    const display = callerDisplay(ring.callerName, ring.callerNumber);
    dismissNotice.current?.();
    setCaller(display);
    setRangAt(Date.now());
    dismissNotice.current = notice(display);
  });

  // While it is shown: the extension's channels, read again on every call-state change. Once the phone
  // is idle again (the caller hung up, a colleague took the call, or the call taken here ended), it closes.
  const channels = useQuery({
    queryKey: ['incoming', 'callState', user.domainUuid],
    queryFn: () => fetchData(endpoints.callState, { params: { domainUuid: user.domainUuid } }),
    enabled: caller !== null,
    meta: { handlesErrors: true },
  });
  useTopic(liveTopics.callState(user.domainUuid), () => {
    if (caller) void queryClient.invalidateQueries({ queryKey: ['incoming', 'callState', user.domainUuid] });
  });
  const idle =
    channels.data !== undefined &&
    channels.dataUpdatedAt > rangAt &&
    deskPhoneState(extension, channels.data) === 'idle';
  useEffect(() => {
    if (caller && idle) close();
  }, [caller, idle, close]);

  const actions: ModalAction[] = [];
  const target = caller?.customerNumber;
  if (target) {
    actions.push({
      label: t.move,
      type: 'primary',
      onClick: () => {
        close();
        openCustomer(target);
      },
    });
  }
  actions.push({ label: t.close, onClick: close });
  return <IncomingCallModal caller={caller} actions={actions} bracketed={false} />;
}
