import { useState } from 'react';
import { useOpenCustomer } from '../../phone/customer-link';
import { liveTopics } from '../../shared/realtime/live-topics';
import { useTopic } from '../../shared/realtime/realtime-session';
import { useUserInfo } from '../../shared/session/session-store';
import { callerDisplay, type CallerDisplay } from './caller-display';
import { IncomingCallModal, type ModalAction } from './incoming-call-modal';
import { useIncomingNotice } from './incoming-notice';
import { incomingJa } from './incoming-call.ja';

const t = incomingJa;

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
  const [caller, setCaller] = useState<CallerDisplay | null>(null);
  const notice = useIncomingNotice();
  const openCustomer = useOpenCustomer();

  useTopic(liveTopics.ring(user.userUuid), (ring) => {
    if (!popsUp(user.popup, ring)) return;
    const display = callerDisplay(ring.callerName, ring.callerNumber);
    setCaller(display);
    notice(display);
  });

  const actions: ModalAction[] = [];
  const target = caller?.customerNumber;
  if (target) {
    actions.push({
      label: t.move,
      type: 'primary',
      onClick: () => {
        setCaller(null);
        openCustomer(target);
      },
    });
  }
  actions.push({ label: t.close, onClick: () => setCaller(null) });
  return <IncomingCallModal caller={caller} actions={actions} bracketed={false} />;
}
