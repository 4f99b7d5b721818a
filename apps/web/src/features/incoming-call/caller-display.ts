import { ANONYMOUS } from '@tsunagu/contract/cdr';
import { isExternalNumber } from '@tsunagu/contract/pbx/dial';
import { incomingJa } from './incoming-call.ja';

/** What the pop-ups show for a caller (spec 3 "Incoming display"). */
export interface CallerDisplay {
  name: string;
  /** The number as shown ('非通知' for an anonymous caller). */
  number: string;
  /** The number to open the customer record for; null when there is none (anonymous, an extension). */
  customerNumber: string | null;
}

/** An anonymous caller is shown with an empty name and '非通知' (spec 2.4 "Incoming-call notification"). */
export function callerDisplay(name: string, number: string): CallerDisplay {
  const anonymous = number === '' || number.toLowerCase() === ANONYMOUS.toLowerCase();
  if (anonymous) return { name: '', number: incomingJa.anonymous, customerNumber: null };
  return { name, number, customerNumber: isExternalNumber(number) ? number : null };
}
