/** The calls one user handled (answered incoming, placed outgoing and internal) over a period. */
export interface UserCalls {
  inbound: number;
  outbound: number;
  internal: number;
  talkSeconds: number;
  /** The answered ones among them (the average talk's divisor). */
  connected: number;
  /** Handled calls per local hour of day. */
  byHour: number[];
}

/** A user with no calls. */
export const noCalls = (): UserCalls => ({
  inbound: 0,
  outbound: 0,
  internal: 0,
  talkSeconds: 0,
  connected: 0,
  byHour: Array.from({ length: 24 }, () => 0),
});
