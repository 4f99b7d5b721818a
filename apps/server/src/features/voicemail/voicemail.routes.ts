import fastifyMultipart from '@fastify/multipart';
import { endpoints } from '@tsunagu/contract';
import type { FastifyPluginAsync } from 'fastify';
import type { Authenticator } from '../../platform/auth/authenticate';
import { readUpload, UPLOAD_LIMITS } from '../../platform/files/audio-upload';
import { createRecordingStorage } from '../../platform/files/recording-storage';
import { sendAudio } from '../../platform/files/send-audio';
import { createRouter, type Router } from '../../platform/http/router';
import type { FeatureDeps } from '../feature';
import { storeVoicemailMessages } from './voicemail.events';
import { createVoicemailService, type VoicemailService } from './voicemail.service';

export async function register(router: Router, deps: FeatureDeps): Promise<void> {
  const storage = createRecordingStorage(deps.dataDir);
  const service = createVoicemailService({ ...deps, storage });
  await deps.app.register(greetingUploadRoute(deps.authenticate, service));
  router.route(endpoints.voicemailBox, ({ auth, tenantUuid }) => service.box(tenantUuid, auth.userUuid));
  router.route(endpoints.voicemailBoxSave, ({ actor, tenantUuid, body }) =>
    service.save(actor, tenantUuid, body),
  );
  router.route(endpoints.voicemailGreetingPlay, async ({ auth, tenantUuid, query, reply }) =>
    sendAudio(reply, await service.greetingFile(tenantUuid, auth.userUuid, query.extension)),
  );
  router.route(endpoints.voicemailGreetingDelete, ({ actor, tenantUuid }) =>
    service.deleteGreeting(actor, tenantUuid),
  );
  router.route(endpoints.voicemailMessages, ({ auth, tenantUuid }) =>
    service.messages(tenantUuid, auth.userUuid),
  );
  router.route(endpoints.voicemailMessagePlay, async ({ auth, tenantUuid, params, reply }) =>
    sendAudio(reply, await service.messageFile(tenantUuid, auth.userUuid, params.messageUuid)),
  );
  router.route(endpoints.voicemailHeard, ({ auth, tenantUuid, body }) =>
    service.heard(tenantUuid, auth.userUuid, body.messageUuid, body.heard),
  );
  router.route(endpoints.voicemailMessageDelete, ({ actor, tenantUuid, params }) =>
    service.deleteMessage(actor, tenantUuid, params.messageUuid),
  );
  // Messages the engine reports are kept by the instance that hears them first.
  const stop = storeVoicemailMessages({
    db: deps.db,
    engine: deps.exchange,
    storage,
    announceCount: service.announceCount,
    onError: deps.onError,
  });
  deps.app.addHook('onClose', async () => stop());
}

/** The greeting upload in a scope of its own: only it parses multipart bodies, and only within the limits. */
function greetingUploadRoute(authenticate: Authenticator, service: VoicemailService): FastifyPluginAsync {
  return async (scope) => {
    await scope.register(fastifyMultipart, UPLOAD_LIMITS);
    createRouter(scope, authenticate).route(
      endpoints.voicemailGreetingUpload,
      async ({ actor, tenantUuid, request }) =>
        service.uploadGreeting(actor, tenantUuid, await readUpload(request, service.stage)),
    );
  };
}
