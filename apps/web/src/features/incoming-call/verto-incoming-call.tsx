import { useEffect } from 'react';
import { getSoftphone } from '../../phone/browser';
import { waitingCalls } from '../../phone/call-session';
import { useOpenCustomer } from '../../phone/customer-link';
import { useStore } from '../../shared/store/create-store';
import { callerDisplay } from './caller-display';
import { IncomingCallModal, type ModalAction } from './incoming-call-modal';
import { useIncomingNotice } from './incoming-notice';
import { incomingJa } from './incoming-call.ja';

const t = incomingJa;

/**
 * A 'verto' user's incoming call (loaded with the softphone): the modal for the first waiting call
 * with Answer / Answer then move / Reject, and the notices as each call starts ringing.
 */
export function VertoIncomingCall() {
  const phone = getSoftphone();
  const { session } = useStore(phone.store);
  const notice = useIncomingNotice();
  const openCustomer = useOpenCustomer();

  useEffect(() => phone.onRinging((call) => notice(callerDisplay(call.name, call.number))), [phone, notice]);

  const ringing = waitingCalls(session)[0] ?? null;
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
  return <IncomingCallModal caller={caller} actions={actions} bracketed />;
}
