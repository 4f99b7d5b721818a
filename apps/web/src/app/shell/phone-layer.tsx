import type { PhoneType } from '@tsunagu/contract/auth';
import { lazy, Suspense } from 'react';

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

/**
 * The shell's calls: the browser softphone and its ringing modal for 'verto' users, the ring-topic
 * pop-up for desk-phone users. Switching the phone type swaps them (the softphone disconnects).
 */
export function PhoneLayer({ phoneType }: { phoneType: PhoneType }) {
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
