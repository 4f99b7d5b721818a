import { isExternalNumber } from '@tsunagu/contract/pbx/dial';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { paths } from '../shared/paths';

/** The customer record a caller's number leads to: outside numbers only (longer than 4 characters, spec 5). */
export function customerRecordHref(number: string): string | null {
  return isExternalNumber(number) ? paths.cust.record.href(number) : null;
}

/**
 * Opens the customer record of a number, when it has one. The record is rendered at once (flushSync),
 * not as a transition that yields to the ringing page's other work: it is on screen while the call
 * still rings (issue 19: < 300 ms after the invite).
 */
export function useOpenCustomer(): (number: string) => void {
  const navigate = useNavigate();
  return useCallback(
    (number: string) => {
      const href = customerRecordHref(number);
      if (href) void navigate(href, { flushSync: true });
    },
    [navigate],
  );
}
