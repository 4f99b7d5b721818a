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
export const userInfoUserSchema = z.object({
  userUuid: z.string(),
  /** Login ID. */
  id: z.string(),
  userNm: z.string(),
  domainUuid: z.string(),
  extensionUuid: z.string().nullable(),
  userGroupUuid: z.string().nullable(),
  phoneType: phoneTypeSchema,
  popup: trueFalseSchema,
  /** 'false' disables the pop-up setting. */
  userPopup: z.string(),
  /** 'SP' provider admin, 'CP' tenant admin, anything else staff (permissions.ts). */
  userClass: z.string(),
  /** JSON string of the stored menu configuration (see menu.ts). */
  menu: z.string(),
  /** The number of the user's extension (extensionUuid), so that the shell needs no directory for it. */
  extension: z.string().nullable(),
  /** An administrator set or reset the password: the console asks for a new one before anything else. */
  mustChangePassword: z.boolean(),
});
export type UserInfoUser = z.infer<typeof userInfoUserSchema>;

export const userInfoDomainSchema = z.object({
  domainUuid: z.string(),
  domainName: z.string(),
  domainDescription: z.string(),
  /** IANA time zone of the tenant, default Asia/Tokyo. */
  timeZone: z.string(),
});
export type UserInfoDomain = z.infer<typeof userInfoDomainSchema>;

export const userInfoExtensionSchema = z.object({
  extensionUuid: z.string(),
  extension: z.string(),
  /** 'ext (name)' */
  label: z.string(),
  effectiveCallerIdName: z.string(),
});
export type UserInfoExtension = z.infer<typeof userInfoExtensionSchema>;

export const groupMemberSchema = z.object({
  userUuid: z.string(),
  userNm: z.string(),
  extensionUuid: z.string().nullable(),
  extension: z.string().nullable(),
  /** Number of the member's active sessions. */
  loginCnt: z.number(),
});
export type GroupMember = z.infer<typeof groupMemberSchema>;

export const userGroupDetailSchema = z.object({
  commUuid: z.string(),
  commName: z.string(),
  /** The group's representative number, when it has one. */
  commSub1: z.string().nullable(),
  userList: z.array(groupMemberSchema),
});
export type UserGroupDetail = z.infer<typeof userGroupDetailSchema>;

/** A group member as the tenant directory lists it: who is online comes from /topic/loginUser. */
export const directoryMemberSchema = groupMemberSchema.omit({ loginCnt: true });
export type DirectoryMember = z.infer<typeof directoryMemberSchema>;
export const directoryGroupSchema = userGroupDetailSchema.extend({
  userList: z.array(directoryMemberSchema),
});
export type DirectoryGroup = z.infer<typeof directoryGroupSchema>;

const gatewayListSchema = z.array(z.object({ gatewayUuid: z.string(), gateway: z.string() }));

/**
 * The tenant-wide part of the spec's user info, `GET /v1/user/directory/{domainUuid}`: the same for
 * every user of the tenant, so it is served as cached, compressed bytes with an ETag and fetched again
 * only when /topic/pbx says the tenant's configuration changed.
 */
export const tenantDirectorySchema = z.object({
  extensions: z.array(userInfoExtensionSchema),
  gwList: gatewayListSchema,
  userGroup: z.object({ commDetails: z.array(directoryGroupSchema) }),
});
export type TenantDirectory = z.infer<typeof tenantDirectorySchema>;

/** What the console keeps of the signed-in user: the user and the tenant, a few hundred bytes. */
export const userInfoSchema = z.object({
  user: userInfoUserSchema,
  domain: userInfoDomainSchema,
});
export type UserInfo = z.infer<typeof userInfoSchema>;

/** `?directory=true`: the spec's whole user info, the tenant's directory with each member's loginCnt. */
export const userInfoWithDirectorySchema = userInfoSchema.extend({
  extensions: z.array(userInfoExtensionSchema),
  gwList: gatewayListSchema,
  userGroup: z.object({ commDetails: z.array(userGroupDetailSchema) }),
});
export type UserInfoWithDirectory = z.infer<typeof userInfoWithDirectorySchema>;

/** The user-info answer: the compact info, or with `?directory=true` the spec's whole one. */
export const userInfoAnswerSchema = z.union([userInfoWithDirectorySchema, userInfoSchema]);

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

/**
 * POST /v1/user/doNotDisturb: one's own extension's do-not-disturb (着信拒否; the extension's doNotDisturb,
 * 'true' = calls are refused).
 */
export const doNotDisturbSetSchema = z.object({ doNotDisturb: trueFalseSchema });
export type DoNotDisturbSet = z.infer<typeof doNotDisturbSetSchema>;

/** What a user's own softphone needs to sign in to the exchange (never in list endpoints). */
export const softphoneConnectionSchema = z.object({
  socketUrl: z.string(),
  /** 'extension@userContext' */
  user: z.string(),
  pass: z.string(),
  callerNumber: z.string(),
  callerName: z.string(),
});
export type SoftphoneConnection = z.infer<typeof softphoneConnectionSchema>;
