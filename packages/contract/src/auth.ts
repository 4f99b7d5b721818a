import { z } from 'zod';
import { messages } from './messages';

/** Special characters the password rule accepts (spec 5 "Personal settings"). */
export const PASSWORD_SPECIALS = '!@#$%^&*()-_=+[]{}/?';

/** The spec's password message, in Japanese. */
export const PASSWORD_MESSAGE =
  'パスワードは8文字以上で、英大文字・英小文字・数字・記号をそれぞれ1文字以上含めてください。';

/** True when the password meets the spec's rule: ≥ 8 chars, lower, upper, digit and a listed special. */
export function isStrongPassword(password: string): boolean {
  return (
    password.length >= 8 &&
    /[a-z]/.test(password) &&
    /[A-Z]/.test(password) &&
    /[0-9]/.test(password) &&
    [...password].some((c) => PASSWORD_SPECIALS.includes(c))
  );
}

export const passwordSchema = z
  .string()
  .max(128, PASSWORD_MESSAGE)
  .refine(isStrongPassword, PASSWORD_MESSAGE);

/** POST /login payload. */
export const loginRequestSchema = z.object({
  /** Login ID. */
  username: z
    .string({ error: messages.required('ID') })
    .trim()
    .min(1, messages.required('ID'))
    .max(100),
  /** Password as typed. */
  password: z
    .string({ error: messages.required('パスワード') })
    .min(1, messages.required('パスワード'))
    .max(128),
  /** Over the concurrent-session limit: end the user's oldest active session instead of refusing. */
  endOldestSession: z.boolean().optional(),
});
export type LoginRequest = z.infer<typeof loginRequestSchema>;

export const phoneTypeSchema = z.enum(['verto', 'phone']);
export type PhoneType = z.infer<typeof phoneTypeSchema>;
export const trueFalseSchema = z.enum(['true', 'false']);

/** The signed-in user as `GET /v1/user/info/{username}` returns it (spec 3 "Logged-in user info"). */
export interface UserInfoUser {
  userUuid: string;
  /** Login ID. */
  id: string;
  userNm: string;
  domainUuid: string;
  extensionUuid: string | null;
  userGroupUuid: string | null;
  phoneType: PhoneType;
  popup: 'true' | 'false';
  /** 'false' disables the pop-up setting. */
  userPopup: string;
  /** 'SP' provider admin, 'CP' tenant admin, anything else staff. */
  userClass: string;
  /** JSON string of the stored menu configuration (see menu.ts). */
  menu: string;
}

export interface UserInfoDomain {
  domainUuid: string;
  domainName: string;
  domainDescription: string;
  /** IANA time zone of the tenant, default Asia/Tokyo. */
  timeZone: string;
}

export interface UserInfoExtension {
  extensionUuid: string;
  extension: string;
  /** 'ext (name)' */
  label: string;
  effectiveCallerIdName: string;
}

export interface GroupMember {
  userUuid: string;
  userNm: string;
  extensionUuid: string | null;
  extension: string | null;
  /** Number of the member's active sessions. */
  loginCnt: number;
}

export interface UserGroupDetail {
  commUuid: string;
  commName: string;
  /** The group's representative number, when it has one. */
  commSub1: string | null;
  userList: GroupMember[];
}

export interface UserInfo {
  user: UserInfoUser;
  domain: UserInfoDomain;
  extensions: UserInfoExtension[];
  gwList: { gatewayUuid: string; gateway: string }[];
  userGroup: { commDetails: UserGroupDetail[] };
}

/** The settings tab's password change: the password in use, then the new one (the spec's rule). */
export const passwordChangeSchema = z.object({
  currentPassword: z.string().min(1, messages.required('現在のパスワード')).max(128),
  newPassword: passwordSchema,
});
export type PasswordChange = z.infer<typeof passwordChangeSchema>;

/**
 * POST /v1/user: the client sends the full user object; only these parts are acted on.
 * A password change sets userCredentials.password; the pop-up setting sends popup with a null password.
 */
export const userSaveRequestSchema = z.object({
  userUuid: z.string().uuid(messages.badRequest),
  /** New password, or null/absent when not changing it; a change needs the current password too. */
  userCredentials: z
    .object({
      password: passwordSchema.nullable().optional(),
      /** The password now in use, checked by the server before a new one is set. */
      currentPassword: z.string().max(128).nullable().optional(),
    })
    .nullable()
    .optional()
    .refine((c) => !c?.password || Boolean(c.currentPassword), {
      message: messages.required('現在のパスワード'),
      path: ['currentPassword'],
    }),
  /** Incoming pop-up setting. */
  popup: trueFalseSchema.optional(),
  /** Headset ('verto') or desk phone ('phone'). */
  phoneType: phoneTypeSchema.optional(),
});
export type UserSaveRequest = z.infer<typeof userSaveRequestSchema>;

/** What a user's own softphone needs to sign in to the exchange (never in list endpoints). */
export interface SoftphoneConnection {
  socketUrl: string;
  /** 'extension@userContext' */
  user: string;
  pass: string;
  callerNumber: string;
  callerName: string;
}
