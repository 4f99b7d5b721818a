import { endpoints } from '@tsunagu/contract';
import { sendAudio } from '../../platform/files/send-audio';
import type { Router } from '../../platform/http/router';
import type { FeatureDeps } from '../feature';
import { createCallRecordingService } from './call-recording.service';

/** How often expired recordings are looked for (the first time a minute after start). */
const SWEEP_EVERY_MS = 3_600_000;

/** Call recording: the setting, the record button, the files; recorded legs completed as they end; retention. */
export function register(router: Router, deps: FeatureDeps): void {
  const service = createCallRecordingService(deps);
  router.route(endpoints.callRecordingSetting, ({ tenantUuid }) => service.setting(tenantUuid));
  router.route(endpoints.callRecordingSettingSave, ({ actor, tenantUuid, body }) =>
    service.saveSetting(actor, tenantUuid, body),
  );
  router.route(endpoints.callRecordingStart, ({ actor, tenantUuid, body }) =>
    service.start(actor, tenantUuid, body.channelUuid),
  );
  router.route(endpoints.callRecordingStop, ({ actor, tenantUuid, body }) =>
    service.stop(actor, tenantUuid, body.channelUuid),
  );
  router.route(endpoints.callRecordingFile, async ({ auth, tenantUuid, params, reply }) =>
    sendAudio(reply, await service.file(auth, tenantUuid, params.recordingUuid)),
  );

  const unsubscribe = deps.engine.on('cdr', (record) => void service.legEnded(record).catch(deps.onError));
  const sweep = () => void service.sweep().catch(deps.onError);
  const first = setTimeout(sweep, 60_000);
  const every = setInterval(sweep, SWEEP_EVERY_MS);
  first.unref();
  every.unref();
  deps.app.addHook('onClose', async () => {
    unsubscribe();
    clearTimeout(first);
    clearInterval(every);
  });
}
