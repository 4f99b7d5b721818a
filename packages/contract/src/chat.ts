import { z } from 'zod';
import { reasons } from './reasons';

export const CHAT_MESSAGE_MAX = 1000;

export const chatMessages = {
  empty: 'メッセージを入力してください。',
  tooLong: `メッセージは${CHAT_MESSAGE_MAX}文字以内で入力してください。`,
  noRecipient: '宛先を選択してください。',
  unknownRecipient: reasons.chatUnknownRecipient,
} as const;

/** One recipient as the client's multi-select holds it: {id: userUuid, itemName, group}. */
export const chatRecipientSchema = z.object({
  id: z.uuid(),
  itemName: z.string().max(100).default(''),
  group: z.string().max(100).optional(),
});
export type ChatRecipient = z.infer<typeof chatRecipientSchema>;

/** Recipients travel as a JSON string (spec 3 "Chat message"). */
const recipientsJson = z.string().transform((text, ctx) => {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    value = undefined;
  }
  const parsed = z.array(chatRecipientSchema).min(1).max(200).safeParse(value);
  if (!parsed.success) {
    ctx.addIssue({ code: 'custom', message: chatMessages.noRecipient });
    return z.NEVER;
  }
  return parsed.data;
});

/** POST /v1/chat/send. */
export const chatSendSchema = z.object({
  /** Generated on the client; resending the same id does not duplicate the message. */
  chatUuid: z.uuid(),
  domainUuid: z.uuid(),
  /** The sender: must be the caller. */
  userUuid: z.uuid(),
  message: z.string().trim().min(1, chatMessages.empty).max(CHAT_MESSAGE_MAX, chatMessages.tooLong),
  toUsers: recipientsJson,
  /** The client's clock; the server stores its own time. */
  createDate: z.string().optional(),
});
export type ChatSend = z.input<typeof chatSendSchema>;

/** A stored message as GET /v1/chat/{userId} lists it. */
export const chatItemSchema = z.object({
  chatUuid: z.string(),
  userUuid: z.string(),
  /** JSON string of the recipients. */
  toUsers: z.string(),
  message: z.string(),
  /** ISO 8601. */
  createDate: z.string(),
});
export type ChatItem = z.infer<typeof chatItemSchema>;

export const chatListSchema = z.object({
  list: z.array(chatItemSchema),
  /** Received messages newer than the last time the chat tab was opened. */
  unread: z.number(),
});
export type ChatList = z.infer<typeof chatListSchema>;
