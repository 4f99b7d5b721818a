import { endpoints } from '@tsunagu/contract';
import type { Router } from '../../platform/http/router';
import type { ChatService } from './chat.service';

export function registerChatRoutes(router: Router, service: ChatService): void {
  router.route(endpoints.chatList, ({ auth, params }) => service.list(auth, params.userId));
  router.route(endpoints.chatSend, ({ auth, body }) => service.send(auth, body));
  router.route(endpoints.chatRead, ({ auth }) => service.read(auth));
}
