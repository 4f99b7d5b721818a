import type { PhoneType } from '@tsunagu/contract/auth';
import { formatPhoneNumber, normalizePhoneNumber } from '@tsunagu/contract/phone-number';
import { lazy, Suspense, useEffect } from 'react';
import { loadRecordPage } from '../../features/customers/customers.screen';
import { IncomingNoticeWarmUp } from '../../features/incoming-call/notice-warm-up';
import { useCan } from '../../shared/session/use-can';
import { RenderWhenIdle, warmWhenIdle } from '../idle-warm';

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

/** The ring's toast, drawn once off the page (its styles). */
const noticeWarmUp = () => <IncomingNoticeWarmUp />;
/** The record page's code, loaded, then what a ring first paints of it, drawn once off the page. */
const recordWarmUp = () => loadRecordPage().then(({ RecordWarmUp }) => <RecordWarmUp />);
/** A ring checks and formats the caller's number: the phone-number library's first parse is slow. */
const warmNumbers = () => formatPhoneNumber(normalizePhoneNumber('0312345678') ?? '');

/**
 * The shell's calls: the browser softphone and its ringing modal for 'verto' users, the ring-topic
 * pop-up for desk-phone users. Switching the phone type swaps them (the softphone disconnects).
 */
export function PhoneLayer({ phoneType }: { phoneType: PhoneType }) {
  // What the first ring after sign-in would do for the first time (load the record's code, compute
  // the toast's and the record's styles, parse a number) is done ahead in idle time, so the first ring
  // paints the record as soon as the later ones do (issue 19: < 300 ms after the invite).
  const readsCustomers = useCan('customer.view');
  useEffect(() => warmWhenIdle(warmNumbers), []);
  return (
    <>
      <RenderWhenIdle load={noticeWarmUp} />
      {readsCustomers && <RenderWhenIdle load={recordWarmUp} />}
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
    </>
  );
}
