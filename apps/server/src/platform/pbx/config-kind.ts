/** What kind of PBX configuration changed, so the engine can flush just that part of its caches. */
export type ConfigKind =
  | 'extension'
  | 'ringGroup'
  | 'ivr'
  | 'destination'
  | 'speedDial'
  | 'recording'
  | 'schedule'
  /** The tenant's call recording setting (off / on demand / always). */
  | 'callRecording';

/** Who hears of a committed PBX change: the telephony engine, seen from below by what it needs. */
export interface ConfigListener {
  /** A tenant's configuration of the given kind was committed; called after the transaction. */
  configChanged(tenantUuid: string, kind: ConfigKind): void;
}
