import { z } from 'zod';

/** Two-step sign-in (TOTP, RFC 6238): the codes, the sign-in's second step and the settings tab's answers. */

/** How many one-time recovery codes a user gets when turning two-step sign-in on. */
export const RECOVERY_CODE_COUNT = 10;
/** The issuer an authenticator app shows beside the account. */
export const TOTP_ISSUER = 'つなぐ';

export const twoStepMessages = {
  codeRequired: '確認コードを入力してください。',
  codeFormat: '確認コードは6桁の数字、またはリカバリーコードを入力してください。',
  codeWrong: '確認コードが正しくありません。',
  /** The second step's ticket is older than its five minutes, or not one of ours. */
  ticketExpired: '確認の有効期限が切れました。もう一度IDとパスワードでログインしてください。',
  notSetUp: '先に認証アプリの登録を始めてください。',
  alreadyOn: '二段階認証は既に有効です。',
  notOn: '二段階認証は有効になっていません。',
  /** Turning it off where it is required (provider users, a tenant's administrators when the tenant asks). */
  required: '二段階認証は必須のため、無効にできません。',
  proofRequired: '確認コードまたは現在のパスワードを入力してください。',
  enabled: '二段階認証を有効にしました。',
  disabled: '二段階認証を無効にしました。',
  policySaved: '設定を保存しました。',
} as const;

/** A code as typed: six digits from the app, or a recovery code (spaces and hyphens ignored). */
export const twoStepCodeSchema = z
  .string({ error: twoStepMessages.codeRequired })
  .transform((code) => code.replace(/[\s-]/g, ''))
  .pipe(
    z
      .string()
      .min(1, twoStepMessages.codeRequired)
      .regex(/^(\d{6}|[A-Za-z0-9]{10})$/, twoStepMessages.codeFormat),
  );

/** True when the (normalised) code is a six-digit app code rather than a recovery code. */
export const isAppCode = (code: string) => /^\d{6}$/.test(code);

/** What POST /login answers when the password was right but a second step is due. */
export const twoStepChallengeSchema = z.object({
  /** 'verify': enter a code; 'setup': two-step sign-in is required and must be set up first. */
  mode: z.enum(['verify', 'setup']),
  /** Carries who passed the first step to the second one (sealed, five minutes). */
  ticket: z.string(),
});
export type TwoStepChallenge = z.infer<typeof twoStepChallengeSchema>;

/** POST /login's answer: the token is in the Authorization header, unless a second step is due. */
export const loginAnswerSchema = z.object({
  username: z.string(),
  twoStep: twoStepChallengeSchema.optional(),
});
export type LoginAnswer = z.infer<typeof loginAnswerSchema>;

const ticketSchema = z.string().min(1).max(2000);

/** POST /login/two-step: the second step (and, for a 'setup' ticket, the confirmation of the new app). */
export const twoStepLoginRequestSchema = z.object({
  ticket: ticketSchema,
  code: twoStepCodeSchema,
  /** As at the first step: over the concurrent-session limit, end the oldest session. */
  endOldestSession: z.boolean().optional(),
});
export type TwoStepLoginRequest = z.input<typeof twoStepLoginRequestSchema>;

/** POST /login/two-step's answer; the token comes back in the Authorization header. */
export const twoStepLoginAnswerSchema = z.object({
  username: z.string(),
  /** Only when this sign-in set two-step sign-in up: shown once. */
  recoveryCodes: z.array(z.string()).optional(),
});

/** A new authenticator registration: the QR code and the key for typing in by hand. */
export const twoStepEnrolmentSchema = z.object({
  /** Base32 key, for apps without a camera. */
  secret: z.string(),
  /** otpauth://totp/… as the QR code holds it. */
  otpauthUri: z.string(),
  /** The QR code as an image (data: URL, SVG). */
  qrCode: z.string(),
});
export type TwoStepEnrolment = z.infer<typeof twoStepEnrolmentSchema>;

/** GET /v1/twoStep: the signed-in user's state for the settings tab. */
export const twoStepStatusSchema = z.object({
  enabled: z.boolean(),
  /** Required for this user: it cannot be turned off. */
  required: z.boolean(),
  /** Unused recovery codes left. */
  recoveryCodesLeft: z.number(),
});
export type TwoStepStatus = z.infer<typeof twoStepStatusSchema>;

/** POST /v1/twoStep/enable: the first code from the newly registered app. */
export const twoStepEnableRequestSchema = z.object({ code: twoStepCodeSchema });

/** Ten fresh one-time recovery codes, shown once. */
export const recoveryCodesSchema = z.object({ recoveryCodes: z.array(z.string()) });

/** POST /v1/twoStep/disable: a current code or the password proves it is the user. */
export const twoStepDisableRequestSchema = z
  .object({
    code: twoStepCodeSchema.optional(),
    password: z.string().max(128).optional(),
  })
  .refine((body) => Boolean(body.code) || Boolean(body.password), {
    error: twoStepMessages.proofRequired,
  });

/** A tenant's two-step policy (GET/POST /v1/twoStep/policy/{domainUuid}). */
export const twoStepPolicySchema = z.object({
  /** The tenant's administrators (CP) must sign in in two steps. */
  twoStepForAdmins: z.boolean(),
});
export type TwoStepPolicy = z.infer<typeof twoStepPolicySchema>;
