import type { PhoneType } from '@tsunagu/contract/auth';
import { lazy, Suspense, useEffect } from 'react';
import { loadRecordPage } from '../../features/customers/customers.screen';
import { useCan } from '../../shared/session/use-can';

// The softphone and its incoming-call modal are loaded only for headset ('verto') users.
const SoftphoneHost = lazy(() =>
  import('../../features/softphone/softphone-host').then((m) => ({ default: m.SoftphoneHost })),
);
const VertoIncomingCall = lazy(() =>
  import('../../features/incoming-call/verto-incoming-call').then((m) => ({ default: m.VertoIncomingCall })),
);
const DeskPhoneIncomingCall = lazy(() =>
  import('../../features/incoming-call/desk-phone-incoming-call').then((m) => ({
    default: m.DeskPhoneIncomingCall,
  })),
);

const RECORD_PRELOAD_DELAY_MS = 1_500;

/**
 * The shell's calls: the browser softphone and its ringing modal for 'verto' users, the ring-topic
 * pop-up for desk-phone users. Switching the phone type swaps them (the softphone disconnects).
 */
export function PhoneLayer({ phoneType }: { phoneType: PhoneType }) {
  // A ring leads to the caller's record: its code is loaded once the shell has settled, not on the
  // first ring (issue 19: the record on screen < 300 ms after the invite).
  const readsCustomers = useCan('customer.view');
  useEffect(() => {
    if (!readsCustomers) return;
    const timer = setTimeout(() => void loadRecordPage(), RECORD_PRELOAD_DELAY_MS);
    return () => clearTimeout(timer);
  }, [readsCustomers]);
  return (
    <Suspense fallback={null}>
      {phoneType === 'verto' ? (
        <>
          <SoftphoneHost />
          <VertoIncomingCall />
        </>
      ) : (
        <DeskPhoneIncomingCall />
      )}
    </Suspense>
  );
}
