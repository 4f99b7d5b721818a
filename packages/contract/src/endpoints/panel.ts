import { z } from 'zod';
import { cdrItemSchema, cdrQuerySchema, cdrRequestSchema, pageSchema } from '../cdr';
import { doNotDisturbSetSchema } from '../auth';
import { forceLogoutSchema } from '../call';
import { chatListSchema, chatSendSchema } from '../chat';
import { deskPhoneStateSchema, loginUserSchema } from '../realtime';
import { endpoint, noData } from './define';

const tenantUuidParams = z.object({ domainUuid: z.uuid() });

/** The staff side panel: presence, own call history and recalls, chat. */
export const panelEndpoints = {
  loginUsers: endpoint({
    method: 'GET',
    path: '/v1/user/loginUsers/:domainUuid',
    params: tenantUuidParams,
    response: z.array(loginUserSchema),
  }),
  /** The tenant's desk phones and whether each is registered. */
  deskPhones: endpoint({
    method: 'GET',
    path: '/v1/user/deskPhones/:domainUuid',
    params: tenantUuidParams,
    response: z.array(deskPhoneStateSchema),
  }),
  /** The tenant's extensions whose browser softphone is signed in to the exchange now. */
  softphones: endpoint({
    method: 'GET',
    path: '/v1/user/softphones/:domainUuid',
    params: tenantUuidParams,
    response: z.array(z.string()),
  }),
  /** The tenant's extensions on do-not-disturb (着信拒否): presence marks them, the header shows one's own. */
  doNotDisturbList: endpoint({
    method: 'GET',
    path: '/v1/user/doNotDisturb/:domainUuid',
    params: tenantUuidParams,
    response: z.array(z.string()),
  }),
  /** Turns the caller's own extension's do-not-disturb on or off; answers the tenant's list as it is now. */
  doNotDisturbSet: endpoint({
    method: 'POST',
    path: '/v1/user/doNotDisturb',
    body: doNotDisturbSetSchema,
    response: z.array(z.string()),
  }),
  forceLogout: endpoint({
    method: 'POST',
    path: '/v1/user/forceLogout',
    capability: 'user.forceLogout',
    body: forceLogoutSchema,
    response: noData,
  }),
  cdrExt: endpoint({
    method: 'POST',
    path: '/v1/cdr/ext',
    query: cdrQuerySchema,
    body: cdrRequestSchema,
    response: z.object({ page: pageSchema(cdrItemSchema) }),
  }),
  recallCount: endpoint({
    method: 'GET',
    path: '/v1/cdr/recall/:domainUuid',
    params: tenantUuidParams,
    response: z.object({ count: z.number() }),
  }),
  chatList: endpoint({
    method: 'GET',
    path: '/v1/chat/:userId',
    params: z.object({ userId: z.uuid() }),
    response: chatListSchema,
  }),
  chatSend: endpoint({
    method: 'POST',
    path: '/v1/chat/send',
    multiLine: ['message'],
    body: chatSendSchema,
    response: noData,
  }),
  chatRead: endpoint({ method: 'POST', path: '/v1/chat/read', response: noData }),
};
