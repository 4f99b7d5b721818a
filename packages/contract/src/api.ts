/** An API endpoint: method and path under /api (Fastify-style `:param` placeholders). */
export interface Endpoint {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  path: string;
  /** Menu variant(s) the caller must be allowed to use (menu.ts); absent = any signed-in user. */
  variants?: readonly number[];
  /** Reachable without a session. */
  public?: boolean;
  /** Body fields whose text may span lines (tab and newline allowed); every other text is one line. */
  multiLine?: readonly string[];
}

/** The API prefix every endpoint lives under. */
export const API_PREFIX = '/api';

export const endpoints = {
  health: { method: 'GET', path: '/health', public: true },
  login: { method: 'POST', path: '/login', public: true },
  logout: { method: 'GET', path: '/logout' },
  userInfo: { method: 'GET', path: '/v1/user/info/:username' },
  userSave: { method: 'POST', path: '/v1/user' },
  softphoneConnection: { method: 'GET', path: '/v1/softphone/connection' },
  extensionList: { method: 'GET', path: '/v1/extension/:domainUuid', variants: [8120] },
  /** Edit dialog; answers data.list. */
  extensionSave: { method: 'POST', path: '/v1/extension', variants: [8120] },
  /** CP/SP only; answers the generated SIP password once (data.password) with data.list. */
  extensionCreate: { method: 'POST', path: '/v1/extension/create', variants: [8120] },
  /** CP/SP only; the tenant is in the path so that the provider can name it. */
  extensionDelete: { method: 'DELETE', path: '/v1/extension/:domainUuid/:extensionUuid', variants: [8120] },
  /** CP/SP only; a new SIP/verto password, answered once (data.password); old registrations are dropped. */
  extensionPasswordReset: {
    method: 'POST',
    path: '/v1/extension/:domainUuid/:extensionUuid/password',
    variants: [8120],
  },
  /** Where a PBX object is used (kind: extension, ringGroup, ivr, destination, speedDial, schedule, recording). */
  pbxUsage: {
    method: 'GET',
    path: '/v1/pbx/usage/:domainUuid/:kind/:id',
    variants: [8110, 8120, 8130, 8140, 8150, 8160, 8170],
  },
  /** The tenant's call targets for the destination and action selects. */
  initData: { method: 'GET', path: '/v1/common/initData/:domainUuid', variants: [8130, 8140, 8150] },
  ringGroupList: { method: 'GET', path: '/v1/ringGroup/:domainUuid', variants: [8130] },
  ringGroupSave: { method: 'POST', path: '/v1/ringGroup', variants: [8130] },
  ringGroupDelete: { method: 'DELETE', path: '/v1/ringGroup/:ringGroupUuid', variants: [8130] },
  ivrList: { method: 'GET', path: '/v1/ivr/:domainUuid', variants: [8140] },
  ivrSave: { method: 'POST', path: '/v1/ivr', variants: [8140] },
  ivrDelete: { method: 'DELETE', path: '/v1/ivr/:ivrMenuUuid', variants: [8140] },
  /** Also read by the screens that pick announcements (ring groups, IVR, business hours). */
  recordingList: { method: 'GET', path: '/v1/recording/:domainUuid', variants: [8130, 8140, 8150, 8170] },
  /** ?fileName=&domainUuid= — an attachment; refused for DEFAULT recordings. */
  recordingDownload: { method: 'GET', path: '/v1/recording/downloadFile', variants: [8170] },
  /** ?fileName=&domainUuid= — the same audio inline, for the players and for announcements heard in calls (every user of the tenant). */
  recordingPlay: { method: 'GET', path: '/v1/recording/playFile' },
  /** Rename. */
  recordingSave: { method: 'POST', path: '/v1/recording', variants: [8170] },
  /** multipart/form-data: 'file' (the audio) and 'data' (the recording object as JSON). */
  recordingUpload: { method: 'POST', path: '/v1/recording/upload', variants: [8170] },
  recordingDelete: { method: 'DELETE', path: '/v1/recording/:recordingUuid', variants: [8170] },
  /** data.list and data.tcDialplanList (the schedules a number can follow). */
  destinationList: { method: 'GET', path: '/v1/destination/:domainUuid', variants: [8110] },
  destinationSave: { method: 'POST', path: '/v1/destination', variants: [8110] },
  /** SP only. */
  destinationCreate: { method: 'POST', path: '/v1/destination/create', variants: [8110] },
  /** SP only; the tenant is in the path so that the provider can name it. */
  destinationDelete: {
    method: 'DELETE',
    path: '/v1/destination/:domainUuid/:destinationUuid',
    variants: [8110],
  },
  speedDialList: { method: 'GET', path: '/v1/common/speedDial/:domainUuid', variants: [8160] },
  speedDialSave: { method: 'POST', path: '/v1/common/speedDial/', variants: [8160] },
  speedDialDelete: { method: 'DELETE', path: '/v1/common/:commUuid', variants: [8160] },
  /** data.list: the business-hours schedules with their timeconditions, by name. */
  timeConditionList: { method: 'GET', path: '/v1/timeCondition/:domainUuid', variants: [8150] },
  /** The whole schedule with its timeconditions; answers data.dialplanUuid and data.list. */
  timeConditionSave: { method: 'POST', path: '/v1/timeCondition/save/', variants: [8150] },
  /** Refused (409) while an incoming number still routes to the schedule. */
  timeConditionDelete: { method: 'DELETE', path: '/v1/timeCondition/:dialplanUuid', variants: [8150] },
  /** 「この番号に今かけたら?」: what an outside call would do at a date and time (query: tryCallQuerySchema). */
  timeConditionTryCall: { method: 'GET', path: '/v1/timeCondition/tryCall/:domainUuid', variants: [8150] },
  loginUsers: { method: 'GET', path: '/v1/user/loginUsers/:domainUuid' },
  /** The tenant's desk phones and whether each is registered (DeskPhoneState[]). */
  deskPhones: { method: 'GET', path: '/v1/user/deskPhones/:domainUuid' },
  callState: { method: 'GET', path: '/v1/call/callState/:domainUuid' },
  clickToCall: { method: 'POST', path: '/v1/call/clickToCall' },
  recallCount: { method: 'GET', path: '/v1/cdr/recall/:domainUuid' },
  forceLogout: { method: 'POST', path: '/v1/user/forceLogout', variants: [3100] },
  /** Sandbox only: a simulated outside call to one of the tenant's incoming numbers (tenant admins). */
  sandboxCall: { method: 'POST', path: '/v1/sandbox/call', variants: [8000] },
  /** Sandbox only: answer or hang up the caller's own simulated desk phone. */
  sandboxDeskPhone: { method: 'POST', path: '/v1/sandbox/deskphone/:action' },
  cdrExt: { method: 'POST', path: '/v1/cdr/ext' },
  chatList: { method: 'GET', path: '/v1/chat/:userId' },
  chatSend: { method: 'POST', path: '/v1/chat/send', multiLine: ['message'] },
  chatRead: { method: 'POST', path: '/v1/chat/read' },
  logSuccess: { method: 'GET', path: '/v1/log/success' },
  logFailure: { method: 'GET', path: '/v1/log/failure' },
} as const satisfies Record<string, Endpoint>;

/** Fills `:param` placeholders (URL-encoded) and prefixes /api. */
export function apiPath(endpoint: Pick<Endpoint, 'path'>, params: Record<string, string> = {}): string {
  const filled = endpoint.path.replace(/:([A-Za-z]+)/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`missing path parameter ${name}`);
    return encodeURIComponent(value);
  });
  return API_PREFIX + filled;
}

/** GET /health: whether the server is up, which exchange it drives, and whether demo data is loaded. */
export interface Health {
  status: 'ok';
  telephony: 'sandbox' | 'freeswitch';
  /** True when the demo tenant exists: the login page then lists the demo sign-ins. */
  demo: boolean;
  /** The operator's help site (HELP_URL), or null: the header's HELP then opens the console's /help page. */
  helpUrl: string | null;
}
