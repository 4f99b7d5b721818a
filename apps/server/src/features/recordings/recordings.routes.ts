import { createReadStream } from 'node:fs';
import fastifyMultipart from '@fastify/multipart';
import { endpoints } from '@tsunagu/contract';
import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import type { Authenticator } from '../../platform/auth/authenticate';
import { createRouter, type Router } from '../../platform/http/router';
import { createRecordingStorage } from '../../platform/files/recording-storage';
import { routeGuardedDelete } from '../../platform/pbx/delete-route';
import { createRecordingsService, type RecordingsService } from './recordings.service';
import type { FeatureDeps } from '../feature';
import { readUpload, UPLOAD_LIMITS } from './recordings.upload';

type AudioFile = Awaited<ReturnType<RecordingsService['file']>>;

/**
 * Streams a stored recording as what it is and nothing else: its audio type, `nosniff` so no browser
 * second-guesses that type, and always an attachment (the console fetches a Blob for both playing and
 * downloading, so nothing needs `inline`; opened directly, the file is saved, never rendered). The name
 * is given ASCII-safe and, in full, RFC 5987-encoded.
 */
function sendAudio(reply: FastifyReply, file: AudioFile) {
  const ascii = file.filename.replace(/[^\x20-\x7e]|["\\]/g, '_');
  return reply
    .type(file.mime)
    .header('x-content-type-options', 'nosniff')
    .header('content-length', file.size)
    .header(
      'content-disposition',
      `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(file.filename)}`,
    )
    .send(createReadStream(file.path));
}

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
