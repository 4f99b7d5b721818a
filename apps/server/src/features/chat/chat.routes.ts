import { endpoints } from '@tsunagu/contract';
import type { Router } from '../../platform/http/router';
import { createChatService } from './chat.service';
import type { FeatureDeps } from '../feature';

export function register(router: Router, deps: FeatureDeps): void {
  const service = createChatService(deps);
  router.route(endpoints.chatList, ({ auth, params }) => service.list(auth, params.userId));
  router.route(endpoints.chatSend, ({ auth, body }) => service.send(auth, body));
  router.route(endpoints.chatRead, ({ auth }) => service.read(auth));
}
