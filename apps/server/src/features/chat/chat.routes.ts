import { chatSendSchema, endpoints } from '@tsunagu/contract';
import { z } from 'zod';
import type { Router } from '../../platform/http/router';
import type { ChatService } from './chat.service';

export function registerChatRoutes(router: Router, service: ChatService): void {
  router.route(endpoints.chatList, {
    params: z.object({ userId: z.uuid() }),
    handler: ({ auth, params }) => service.list(auth, params.userId),
  });
  router.route(endpoints.chatSend, {
    body: chatSendSchema,
    handler: async ({ auth, body }) => {
      await service.send(auth, body);
      return null;
    },
  });
  router.route(endpoints.chatRead, {
    handler: async ({ auth }) => {
      await service.read(auth);
      return null;
    },
  });
}
