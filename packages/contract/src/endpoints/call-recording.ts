import { z } from 'zod';
import {
  callRecordingControlSchema,
  callRecordingSettingSchema,
  callRecordingStateSchema,
} from '../call-recording';
import { endpoint, FILE } from './define';

const tenantParams = z.object({ domainUuid: z.uuid() });

/** Call recording (通話録音): the tenant's setting, the softphone's record button, the recordings' files. */
export const callRecordingEndpoints = {
  /** The tenant's setting: every user reads it (the softphone shows the record button by it). */
  callRecordingSetting: endpoint({
    method: 'GET',
    path: '/v1/callRecording/setting/:domainUuid',
    params: tenantParams,
    response: callRecordingSettingSchema,
  }),
  callRecordingSettingSave: endpoint({
    method: 'POST',
    path: '/v1/callRecording/setting/:domainUuid',
    capability: 'callRecording.setting.edit',
    params: tenantParams,
    body: callRecordingSettingSchema,
    response: callRecordingSettingSchema,
  }),
  /** 録音: starts recording the call of the caller's own channel (setting 'onDemand'). */
  callRecordingStart: endpoint({
    method: 'POST',
    path: '/v1/callRecording/start',
    body: callRecordingControlSchema,
    response: callRecordingStateSchema,
  }),
  /** 録音停止: stops it; the recording stays on the call. */
  callRecordingStop: endpoint({
    method: 'POST',
    path: '/v1/callRecording/stop',
    body: callRecordingControlSchema,
    response: callRecordingStateSchema,
  }),
  /**
   * A recording's audio (WAV): for whoever may read the tenant's call history, or was on the call
   * (one of their extension's legs belongs to it).
   */
  callRecordingFile: endpoint({
    method: 'GET',
    path: '/v1/callRecording/file/:recordingUuid',
    params: z.object({ recordingUuid: z.uuid() }),
    response: FILE,
  }),
};
