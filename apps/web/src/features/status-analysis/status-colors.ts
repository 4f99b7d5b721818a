import type { UserStatus } from '@tsunagu/contract/user-status';

/** Fills of the chart and the timeline, one hue per status (the tags' presets' strong tones). */
export const STATUS_FILL: Record<UserStatus, string> = {
  available: '#52c41a',
  away: '#fa8c16',
  break: '#fadb14',
  meeting: '#722ed1',
  wrapUp: '#13c2c2',
  onCall: '#f5222d',
  signedOut: '#d9d9d9',
};
