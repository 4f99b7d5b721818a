import { vertoHangupCauses } from '@tsunagu/contract';

/** Q.850 codes of the hangup causes the sandbox sends, as FreeSWITCH numbers them. */
const CAUSE_CODES: Record<string, number> = {
  ...vertoHangupCauses,
  UNALLOCATED_NUMBER: 1,
  EXCHANGE_ROUTING_ERROR: 25,
  INVALID_NUMBER_FORMAT: 28,
  USER_NOT_REGISTERED: 606,
  /** The consulting party's leg, once an attended transfer joined its two calls. */
  ATTENDED_TRANSFER: 801,
  /** A rung phone whose call a colleague picked up (*8). */
  PICKED_OFF: 805,
};

/** The code of a cause name; an unknown name counts as NORMAL_CLEARING's 16. */
export function causeCode(cause: string): number {
  return CAUSE_CODES[cause] ?? vertoHangupCauses.NORMAL_CLEARING;
}

/** Reads the cause a client hung up with: a known name, else NORMAL_CLEARING. */
export function clientCause(cause: string | undefined): string {
  return cause && Object.hasOwn(CAUSE_CODES, cause) ? cause : 'NORMAL_CLEARING';
}
