import { z } from 'zod';
import {
  destinationCreateRequestSchema,
  destinationListDataSchema,
  destinationSaveRequestSchema,
} from '../pbx/destination';
import { extensionCreateRequestSchema, extensionSaveRequestSchema, extensionSchema } from '../pbx/extension';
import { ivrMenuSchema, ivrSaveRequestSchema } from '../pbx/ivr';
import {
  recordingFileQuerySchema,
  recordingListDataSchema,
  recordingSaveRequestSchema,
} from '../pbx/recording';
import { ringGroupSaveRequestSchema, ringGroupSchema } from '../pbx/ring-group';
import { initDataSchema } from '../pbx/routing-choices';
import { idSchema, listDataSchema } from '../pbx/shared';
import { speedDialSaveRequestSchema, speedDialSchema } from '../pbx/speed-dial';
import { deleteQuerySchema, usageDataSchema, usageKindSchema } from '../pbx/usage';
import { dialplanSchema } from '../schedule/schema';
import { tryCallQuerySchema, tryCallResultSchema } from '../schedule/try-call';
import { scheduleSaveRequestSchema } from '../schedule/validate';
import { endpoint, FILE, MULTIPART, noData } from './define';

/** Path parameters naming the tenant (`:domainUuid`). */
const tenantParams = z.object({ domainUuid: idSchema });
const extensionParams = tenantParams.extend({ extensionUuid: idSchema });

/** The PBX management screens (spec 2.5–2.12). */
export const pbxEndpoints = {
  extensionList: endpoint({
    method: 'GET',
    path: '/v1/extension/:domainUuid',
    capability: 'pbx.extension.edit',
    params: tenantParams,
    response: listDataSchema(extensionSchema),
  }),
  /** Edit dialog; answers the new list. */
  extensionSave: endpoint({
    method: 'POST',
    path: '/v1/extension',
    capability: 'pbx.extension.edit',
    body: extensionSaveRequestSchema,
    response: listDataSchema(extensionSchema),
  }),
  /** Answers the generated SIP password once with the new list. */
  extensionCreate: endpoint({
    method: 'POST',
    path: '/v1/extension/create',
    capability: 'pbx.extension.create',
    body: extensionCreateRequestSchema,
    response: z.object({
      extension: extensionSchema.optional(),
      password: z.string(),
      list: z.array(extensionSchema),
    }),
  }),
  /** The tenant is in the path so that the provider can name it. */
  extensionDelete: endpoint({
    method: 'DELETE',
    path: '/v1/extension/:domainUuid/:extensionUuid',
    capability: 'pbx.extension.delete',
    params: extensionParams,
    query: deleteQuerySchema,
    response: noData,
  }),
  /** A new SIP/verto password, answered once; old registrations are dropped. */
  extensionPasswordReset: endpoint({
    method: 'POST',
    path: '/v1/extension/:domainUuid/:extensionUuid/password',
    capability: 'pbx.extension.resetPassword',
    params: extensionParams,
    response: z.object({ extension: z.string(), password: z.string() }),
  }),
  /** Where a PBX object is used. */
  pbxUsage: endpoint({
    method: 'GET',
    path: '/v1/pbx/usage/:domainUuid/:kind/:id',
    capability: 'pbx.usage.view',
    params: tenantParams.extend({ kind: usageKindSchema, id: idSchema }),
    response: usageDataSchema,
  }),
  /** The tenant's call targets for the destination and action selects. */
  initData: endpoint({
    method: 'GET',
    path: '/v1/common/initData/:domainUuid',
    capability: 'pbx.callTargets.view',
    params: tenantParams,
    response: initDataSchema,
  }),
  ringGroupList: endpoint({
    method: 'GET',
    path: '/v1/ringGroup/:domainUuid',
    capability: 'pbx.ringGroup.edit',
    params: tenantParams,
    response: listDataSchema(ringGroupSchema),
  }),
  ringGroupSave: endpoint({
    method: 'POST',
    path: '/v1/ringGroup',
    capability: 'pbx.ringGroup.edit',
    body: ringGroupSaveRequestSchema,
    response: listDataSchema(ringGroupSchema),
  }),
  ringGroupDelete: endpoint({
    method: 'DELETE',
    path: '/v1/ringGroup/:ringGroupUuid',
    capability: 'pbx.ringGroup.edit',
    params: z.object({ ringGroupUuid: idSchema }),
    query: deleteQuerySchema,
    response: noData,
  }),
  ivrList: endpoint({
    method: 'GET',
    path: '/v1/ivr/:domainUuid',
    capability: 'pbx.ivr.edit',
    params: tenantParams,
    response: listDataSchema(ivrMenuSchema),
  }),
  ivrSave: endpoint({
    method: 'POST',
    path: '/v1/ivr',
    capability: 'pbx.ivr.edit',
    body: ivrSaveRequestSchema,
    response: listDataSchema(ivrMenuSchema),
  }),
  ivrDelete: endpoint({
    method: 'DELETE',
    path: '/v1/ivr/:ivrMenuUuid',
    capability: 'pbx.ivr.edit',
    params: z.object({ ivrMenuUuid: idSchema }),
    query: deleteQuerySchema,
    response: noData,
  }),
  /** Also read by the screens that pick announcements (ring groups, IVR, business hours). */
  recordingList: endpoint({
    method: 'GET',
    path: '/v1/recording/:domainUuid',
    capability: 'pbx.recording.view',
    params: tenantParams,
    response: recordingListDataSchema,
  }),
  /** An attachment; refused for DEFAULT recordings. */
  recordingDownload: endpoint({
    method: 'GET',
    path: '/v1/recording/downloadFile',
    capability: 'pbx.recording.edit',
    query: recordingFileQuerySchema,
    response: FILE,
  }),
  /** The same audio, for the players and for announcements heard in calls (every user of the tenant). */
  recordingPlay: endpoint({
    method: 'GET',
    path: '/v1/recording/playFile',
    query: recordingFileQuerySchema,
    response: FILE,
  }),
  /** Rename. */
  recordingSave: endpoint({
    method: 'POST',
    path: '/v1/recording',
    capability: 'pbx.recording.edit',
    body: recordingSaveRequestSchema,
    response: recordingListDataSchema,
  }),
  /** 'file' (the audio) and 'data' (the recording object as JSON). */
  recordingUpload: endpoint({
    method: 'POST',
    path: '/v1/recording/upload',
    capability: 'pbx.recording.edit',
    body: MULTIPART,
    response: recordingListDataSchema,
  }),
  recordingDelete: endpoint({
    method: 'DELETE',
    path: '/v1/recording/:recordingUuid',
    capability: 'pbx.recording.edit',
    params: z.object({ recordingUuid: idSchema }),
    query: deleteQuerySchema,
    response: noData,
  }),
  /** The numbers and the schedules a number can follow. */
  destinationList: endpoint({
    method: 'GET',
    path: '/v1/destination/:domainUuid',
    capability: 'pbx.destination.edit',
    params: tenantParams,
    response: destinationListDataSchema,
  }),
  destinationSave: endpoint({
    method: 'POST',
    path: '/v1/destination',
    capability: 'pbx.destination.edit',
    body: destinationSaveRequestSchema,
    response: destinationListDataSchema,
  }),
  destinationCreate: endpoint({
    method: 'POST',
    path: '/v1/destination/create',
    capability: 'pbx.destination.create',
    body: destinationCreateRequestSchema,
    response: destinationListDataSchema,
  }),
  /** The tenant is in the path so that the provider can name it. */
  destinationDelete: endpoint({
    method: 'DELETE',
    path: '/v1/destination/:domainUuid/:destinationUuid',
    capability: 'pbx.destination.delete',
    params: tenantParams.extend({ destinationUuid: idSchema }),
    response: noData,
  }),
  speedDialList: endpoint({
    method: 'GET',
    path: '/v1/common/speedDial/:domainUuid',
    capability: 'pbx.speedDial.edit',
    params: tenantParams,
    response: listDataSchema(speedDialSchema),
  }),
  speedDialSave: endpoint({
    method: 'POST',
    path: '/v1/common/speedDial/',
    capability: 'pbx.speedDial.edit',
    body: speedDialSaveRequestSchema,
    response: listDataSchema(speedDialSchema),
  }),
  speedDialDelete: endpoint({
    method: 'DELETE',
    path: '/v1/common/:commUuid',
    capability: 'pbx.speedDial.edit',
    params: z.object({ commUuid: idSchema }),
    response: noData,
  }),
  /** The business-hours schedules with their timeconditions, by name. */
  timeConditionList: endpoint({
    method: 'GET',
    path: '/v1/timeCondition/:domainUuid',
    capability: 'pbx.schedule.edit',
    params: tenantParams,
    response: listDataSchema(dialplanSchema),
  }),
  /** The whole schedule with its timeconditions; answers its id and the new list. */
  timeConditionSave: endpoint({
    method: 'POST',
    path: '/v1/timeCondition/save/',
    capability: 'pbx.schedule.edit',
    body: scheduleSaveRequestSchema,
    response: listDataSchema(dialplanSchema).extend({ dialplanUuid: idSchema }),
  }),
  /** 「この番号に今かけたら?」: what an outside call would do at a local date and time, and through which rule. */
  timeConditionTryCall: endpoint({
    method: 'GET',
    path: '/v1/timeCondition/tryCall/:domainUuid',
    capability: 'pbx.schedule.edit',
    params: tenantParams,
    query: tryCallQuerySchema,
    response: tryCallResultSchema,
  }),
  /** Refused (409) while an incoming number still routes to the schedule, unless references go too. */
  timeConditionDelete: endpoint({
    method: 'DELETE',
    path: '/v1/timeCondition/:dialplanUuid',
    capability: 'pbx.schedule.edit',
    params: z.object({ dialplanUuid: idSchema }),
    query: deleteQuerySchema,
    response: noData,
  }),
};
