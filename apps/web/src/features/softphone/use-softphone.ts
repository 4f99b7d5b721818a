import { useEffect, useMemo, useState } from 'react';
import { getSoftphone, phoneLeadStore, remoteSoftphone, type PhoneOperations } from '../../phone/browser';
import { emptySession } from '../../phone/call-session';
import type { PhoneLeadState } from '../../phone/phone-lead';
import type { SoftphoneState } from '../../phone/softphone';
import { createStore, useStore } from '../../shared/store/create-store';

const noLead = createStore<PhoneLeadState>({ role: null, remote: null });
/** A following tab's view before the leading tab has told it anything. */
const notHeardYet: SoftphoneState = { status: 'connecting', problem: null, session: emptySession };

/** This tab's place among the browser's tabs sharing the phone (role null while no softphone runs). */
export function usePhoneLead(): PhoneLeadState {
  const lead = useStore(phoneLeadStore);
  return useStore(lead?.store ?? noLead);
}

/** The softphone's state in a component: this tab's own, or, in a following tab, the leading tab's. */
export function useSoftphoneState(): SoftphoneState {
  const own = useStore(getSoftphone().store);
  const shared = usePhoneLead();
  return shared.role === 'follow' ? (shared.remote ?? notHeardYet) : own;
}

/** The softphone to operate: this tab's own, or, in a following tab, the leading tab's (by message). */
export function usePhone(): PhoneOperations {
  const lead = useStore(phoneLeadStore);
  const { role } = usePhoneLead();
  return useMemo(() => (lead && role === 'follow' ? remoteSoftphone(lead) : getSoftphone()), [lead, role]);
}

/** The time now, ticking every second while `running`. */
export function useNow(running: boolean): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!running) return;
    setNow(Date.now());
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [running]);
  return now;
}
