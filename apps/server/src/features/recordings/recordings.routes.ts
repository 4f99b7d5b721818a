import fastifyMultipart from '@fastify/multipart';
import { endpoints } from '@tsunagu/contract';
import type { FastifyPluginAsync } from 'fastify';
import type { Authenticator } from '../../platform/auth/authenticate';
import { createRouter, type Router } from '../../platform/http/router';
import { createRecordingStorage } from '../../platform/files/recording-storage';
import { sendAudio } from '../../platform/files/send-audio';
import { routeGuardedDelete } from '../../platform/pbx/delete-route';
import { createRecordingsService, type RecordingsService } from './recordings.service';
import type { FeatureDeps } from '../feature';
import { readUpload, UPLOAD_LIMITS } from '../../platform/files/audio-upload';

export async function register(router: Router, deps: FeatureDeps): Promise<void> {
  const service = createRecordingsService({ ...deps, storage: createRecordingStorage(deps.dataDir) });
  await deps.app.register(recordingUploadRoute(deps.authenticate, service));
  router.route(endpoints.recordingList, ({ tenantUuid }) => service.listing(tenantUuid));
  router.route(endpoints.recordingDownload, async ({ tenantUuid, query, reply }) =>
    sendAudio(reply, await service.file(tenantUuid, query.fileName, 'download')),
  );
  router.route(endpoints.recordingPlay, async ({ tenantUuid, query, reply }) =>
    sendAudio(reply, await service.file(tenantUuid, query.fileName, 'play')),
  );
  router.route(endpoints.recordingSave, ({ actor, tenantUuid, body }) =>
    service.rename(actor, tenantUuid, body),
  );
  routeGuardedDelete(router, endpoints.recordingDelete, (params) => params.recordingUuid, service.remove);
}

/** The upload route in a scope of its own: only it parses multipart bodies, and only within the limits. */
function recordingUploadRoute(authenticate: Authenticator, service: RecordingsService): FastifyPluginAsync {
  return async (scope) => {
    await scope.register(fastifyMultipart, UPLOAD_LIMITS);
    createRouter(scope, authenticate).route(endpoints.recordingUpload, async ({ actor, request }) =>
      service.upload(actor, await readUpload(request, service.stage)),
    );
  };
}
