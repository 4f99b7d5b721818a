/**
 * Call recording in the dialplan: a tenant that records every call ('always') has the calling channel
 * run record_session before it bridges, into the shared storage at the path the server looks for when
 * the leg's call record arrives (`<tenant>/calls/<channel uuid>.wav`, see callRecordingFile).
 */
import type { RoutePlan, TenantConfig } from '../../routing';
import { action, guard, run, type Translation } from './translation';

/** Plans that connect the caller to a person (an IVR or an announcement is not recorded). */
const BRIDGING = new Set<RoutePlan['kind']>(['extension', 'ringGroup', 'outbound', 'pickup', 'retrieve']);

/** Set on a channel once it records, so a transfer routed again does not start a second recording. */
export const RECORDING_MARK = 'tsunagu_recording';

/**
 * The applications that start recording the whole call when the tenant records every call: after
 * answer only (media_bug_answer_req), kept however short (RECORD_MIN_SEC=0; FreeSWITCH deletes
 * recordings under three seconds by default), once per channel.
 */
export function alwaysRecording(
  config: Pick<TenantConfig, 'callRecordingMode' | 'tenantUuid'>,
  finalKind: RoutePlan['kind'],
  recordingsPath: string,
): Translation {
  if (config.callRecordingMode !== 'always' || !BRIDGING.has(finalKind)) return run();
  const path = `${recordingsPath}/${config.tenantUuid.toLowerCase()}/calls/\${uuid}.wav`;
  return guard({
    field: `\${${RECORDING_MARK}}`,
    expression: '^true$',
    then: [],
    otherwise: [
      action('set', `${RECORDING_MARK}=true`),
      action('set', 'media_bug_answer_req=true'),
      action('set', 'RECORD_MIN_SEC=0'),
      action('record_session', path),
    ],
  });
}
