import { useEffect, useRef } from 'react';
import { getSoftphone } from '../../phone/browser';
import { waitingCalls } from '../../phone/call-session';
import { useOpenCustomer } from '../../phone/customer-link';
import { ja } from '../../shared/i18n/ja';
import { useStore } from '../../shared/store/create-store';
import { callerDisplay } from './caller-display';
import { IncomingCallModal, type ModalAction, type WaitingLine } from './incoming-call-modal';
import { useIncomingNotice, type DismissNotice } from './incoming-notice';

const t = ja.incoming;

/**
 * A 'verto' user's incoming call (loaded with the softphone): the modal for the first waiting call
 * with Answer / Answer then move / Reject, and the notices as each call starts ringing.
 */
export function VertoIncomingCall() {
  const phone = getSoftphone();
  const { session } = useStore(phone.store);
  const notice = useIncomingNotice();
  const openCustomer = useOpenCustomer();

  // Each ringing call's notices, closed once it no longer waits here (answered, taken elsewhere, hung up).
  const notices = useRef(new Map<string, DismissNotice>());
  useEffect(
    () =>
      phone.onRinging((call) =>
        notices.current.set(call.callID, notice(callerDisplay(call.name, call.number))),
      ),
    [phone, notice],
  );
  useEffect(() => {
    for (const [callID, dismiss] of notices.current) {
      if (session.incoming.includes(callID)) continue;
      dismiss();
      notices.current.delete(callID);
    }
  }, [session]);

  const [ringing = null, ...behind] = waitingCalls(session);
  // Each call keeps the line (L1–L4) the softphone shows it on.
  const waiting: WaitingLine[] = behind.map((call) => {
    const shown = callerDisplay(call.name, call.number);
    return {
      line: ja.softphone.line(call.line),
      title: ja.softphone.waitingItem(call.line, shown.name || shown.number),
      onAnswer: () => void phone.answer(call.callID),
    };
  });
  const caller = ringing && callerDisplay(ringing.name, ringing.number);
  const actions: ModalAction[] = [];
  if (ringing && caller) {
    actions.push({
      label: t.answer,
      type: 'primary',
      onClick: () => void phone.answer(ringing.callID),
    });
    // Spec 5: only an outside number (longer than 4 characters) leads to a customer.
    if (caller.customerNumber) {
      actions.push({
        label: t.answerAndMove,
        onClick: () => void phone.answer(ringing.callID).then((call) => call && openCustomer(call.number)),
      });
    }
    actions.push({ label: t.reject, danger: true, onClick: () => void phone.reject(ringing.callID) });
  }
  return <IncomingCallModal caller={caller} actions={actions} bracketed waiting={waiting} />;
}
