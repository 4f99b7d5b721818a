import { userImportMessages } from './admin/user-import';
import { userAdminMessages } from './admin/users';
import { callMessages } from './call-history';
import { importMessages } from './crm/import';
import { customerMessages } from './crm/messages';
import { reasons } from './reasons';
import { recallMessages } from './recall';
import { tenantMessages } from './tenant-admin';
import { twoStepMessages } from './two-step';
import { voicemailMessages } from './voicemail';

/**
 * Every reason the server may refuse with, by code: the core table (reasons.ts) and the later areas'
 * refusals, whose texts stay in the area's message table (the web shows them from there too). Where the
 * area's text names particulars (a quota and its limit), the code's text here is the general one and
 * the throw passes the particular wording as `text`.
 *
 * Server-only: the web never imports this module, so the areas' tables stay out of its entry chunk.
 */
export const refusalReasons = {
  ...reasons,

  // Tenant administration (SP)
  tenantDisabled: tenantMessages.tenantDisabled,
  tenantConfirmName: tenantMessages.confirmName,
  tenantDomainNameTaken: tenantMessages.domainNameTaken,
  tenantLoginIdTaken: tenantMessages.loginIdTaken,
  tenantIncomingTaken: '着信番号は既に他で使われています。',
  tenantLineInUse: '回線は内線の発信者番号として使用中です。',
  tenantQuotaBelowUse: '上限を現在の使用数より小さくはできません。',
  tenantQuotaReached: '上限に達しているため、追加できません。',
  tenantLastProvider: tenantMessages.lastProvider,
  tenantNotActing: tenantMessages.notActing,
  tenantNotDeleted: tenantMessages.notDeleted,
  tenantOwnTenant: tenantMessages.ownTenant,
  tenantOwnTenantStop: tenantMessages.ownTenantStop,

  // Two-step sign-in
  twoStepAlreadyOn: twoStepMessages.alreadyOn,
  twoStepCodeWrong: twoStepMessages.codeWrong,
  twoStepNotOn: twoStepMessages.notOn,
  twoStepNotSetUp: twoStepMessages.notSetUp,
  twoStepRequired: twoStepMessages.required,
  twoStepTicketExpired: twoStepMessages.ticketExpired,

  // User administration
  userCannotDeleteSelf: userAdminMessages.cannotDeleteSelf,
  userCannotDemoteSelf: userAdminMessages.cannotDemoteSelf,
  userCannotDisableSelf: userAdminMessages.cannotDisableSelf,
  userClassForbidden: userAdminMessages.classForbidden,
  userExtensionTaken: userAdminMessages.extensionTaken,
  userExtensionUnknown: userAdminMessages.extensionUnknown,
  userGroupMemberUnknown: userAdminMessages.groupMemberUnknown,
  userGroupNameTaken: userAdminMessages.groupNameTaken,
  userGroupNumberUnknown: userAdminMessages.groupNumberUnknown,
  userGroupUnknown: userAdminMessages.groupUnknown,
  userLoginIdTaken: userAdminMessages.loginIdTaken,
  userImportHasErrors: userImportMessages.hasErrors,

  // Customers and their import
  customerNotFound: customerMessages.notFound,
  customerConflict: customerMessages.conflict,
  customerCategoryUnknown: customerMessages.categoryUnknown,
  customerLayoutConflict: customerMessages.layoutConflict,
  customerNumberInvalid: customerMessages.numberInvalid,
  customerOwnerUnknown: customerMessages.ownerUnknown,
  customerPostalInvalid: customerMessages.postalInvalid,
  customerPostalUnknown: customerMessages.postalUnknown,
  customerResultUnknown: customerMessages.resultUnknown,
  importEmpty: importMessages.empty,
  importFileMissing: importMessages.fileMissing,
  importFileTooLarge: importMessages.fileTooLarge,
  importNoNameColumn: importMessages.noNameColumn,
  importOptionsInvalid: importMessages.optionsInvalid,
  importTooManyRows: importMessages.tooManyRows,
  importUnreadable: importMessages.unreadable,

  // Recall list and call history
  recallAlreadyDone: recallMessages.alreadyDone,
  recallAssigneeNotFound: recallMessages.assigneeNotFound,
  recallNotFound: recallMessages.notFound,
  recallNumberInvalid: recallMessages.numberInvalid,
  callHistoryNumberInvalid: callMessages.numberInvalid,
  callHistoryPeriodInvalid: callMessages.periodInvalid,
  callHistoryPeriodTooLong: callMessages.periodTooLong,

  // Personal voicemail
  voicemailGreetingMissing: voicemailMessages.greetingMissing,
  voicemailGreetingNone: voicemailMessages.greetingNone,
  voicemailMessageNotFound: voicemailMessages.messageNotFound,
} as const satisfies Record<string, string>;

/** A reason's code. */
export type Reason = keyof typeof refusalReasons;

/**
 * What kind of refusal; the HTTP platform answers each with one status (invalid 400, unauthenticated
 * 401, forbidden 403, not-found 404, conflict 409, too-large 413, too-many 429, unavailable 503).
 */
export type RefusalKind =
  | 'invalid'
  | 'unauthenticated'
  | 'forbidden'
  | 'not-found'
  | 'conflict'
  | 'too-large'
  | 'too-many'
  | 'unavailable';

export interface RefusalOptions {
  /**
   * The contract's own wording of this refusal where it names particulars: a rule's finding
   * (`extensionCreateError`), the places an object is used (`usageMessage`), the storage left.
   */
  text?: string;
  /** The underlying failure (logged by the server for `unavailable`). */
  cause?: unknown;
}

/** A refusal by code: engines and services throw it; the HTTP layer answers it with its kind's status. */
export class Refusal extends Error {
  override readonly name: string = 'Refusal';
  constructor(
    readonly failure: RefusalKind,
    readonly code: Reason,
    options: RefusalOptions = {},
  ) {
    super(
      options.text ?? refusalReasons[code],
      options.cause === undefined ? undefined : { cause: options.cause },
    );
  }
}

/** Input one of the contract's rules or schemas refused (400), worded by the rule's own finding. */
export function invalidInput(finding: string | undefined): Refusal {
  return new Refusal('invalid', 'inputInvalid', { text: finding ?? reasons.inputInvalid });
}
