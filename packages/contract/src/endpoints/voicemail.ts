import { z } from 'zod';
import {
  voicemailBoxSchema,
  voicemailHeardSchema,
  voicemailListSchema,
  voicemailSettingsSchema,
} from '../voicemail';
import { endpoint, FILE, MULTIPART } from './define';

const tenantParams = z.object({ domainUuid: z.uuid() });
const messageParams = z.object({
  domainUuid: z.uuid(),
  messageUuid: z.uuid({ error: 'メッセージが見つかりません。' }),
});

/**
 * The caller's own voicemail box (留守番電話): every signed-in user with an extension has one. Nobody
 * reaches another user's box through these: the box is always the caller's own extension's.
 */
export const voicemailEndpoints = {
  voicemailBox: endpoint({
    method: 'GET',
    path: '/v1/voicemail/box/:domainUuid',
    params: tenantParams,
    response: voicemailBoxSchema,
  }),
  /** Saves the box's settings (audited); the engines reload the tenant's extensions. */
  voicemailBoxSave: endpoint({
    method: 'POST',
    path: '/v1/voicemail/box/:domainUuid',
    params: tenantParams,
    body: voicemailSettingsSchema,
    response: voicemailBoxSchema,
  }),
  /** Uploads (or sends a greeting recorded in the browser as) a WAV/MP3 'file' part: the box's own greeting. */
  voicemailGreetingUpload: endpoint({
    method: 'POST',
    path: '/v1/voicemail/greeting/:domainUuid',
    params: tenantParams,
    body: MULTIPART,
    response: voicemailBoxSchema,
  }),
  /**
   * The own greeting, or with `extension` a colleague's box's (what a caller hears is no secret from
   * the tenant's users: the sandbox's caller pages play it from here).
   */
  voicemailGreetingPlay: endpoint({
    method: 'GET',
    path: '/v1/voicemail/greeting/:domainUuid',
    params: tenantParams,
    query: z.object({
      extension: z
        .string()
        .regex(/^\d{1,10}$/, { error: '内線番号が正しくありません。' })
        .optional(),
    }),
    response: FILE,
  }),
  /** Removes the own greeting: the standard one plays again. */
  voicemailGreetingDelete: endpoint({
    method: 'DELETE',
    path: '/v1/voicemail/greeting/:domainUuid',
    params: tenantParams,
    response: voicemailBoxSchema,
  }),
  voicemailMessages: endpoint({
    method: 'GET',
    path: '/v1/voicemail/messages/:domainUuid',
    params: tenantParams,
    response: voicemailListSchema,
  }),
  voicemailMessagePlay: endpoint({
    method: 'GET',
    path: '/v1/voicemail/messages/:domainUuid/:messageUuid',
    params: messageParams,
    response: FILE,
  }),
  voicemailHeard: endpoint({
    method: 'POST',
    path: '/v1/voicemail/heard/:domainUuid',
    params: tenantParams,
    body: voicemailHeardSchema,
    response: voicemailListSchema,
  }),
  voicemailMessageDelete: endpoint({
    method: 'DELETE',
    path: '/v1/voicemail/messages/:domainUuid/:messageUuid',
    params: messageParams,
    response: voicemailListSchema,
  }),
};
