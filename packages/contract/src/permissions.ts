import { ADMIN_VARIANT, MENU, parseStoredMenu, walk, type MenuItem } from './menu';

/**
 * Who may do what (spec 6), decided in one place for the router, the services and the web app.
 * A capability is either a menu item (seeing the item is being allowed to use its screen and API),
 * a user class, or any of other capabilities. Models: Immich's `Permission`, Outline's policies.
 */

/** user.userClass values with a meaning of their own; every other class is staff. */
export const USER_CLASS = { provider: 'SP', tenantAdmin: 'CP' } as const;
type PrivilegedClass = (typeof USER_CLASS)[keyof typeof USER_CLASS];
const ADMINS: readonly PrivilegedClass[] = [USER_CLASS.provider, USER_CLASS.tenantAdmin];
const PROVIDER: readonly PrivilegedClass[] = [USER_CLASS.provider];
/**
 * Menu items only administrators see, whatever a staff user's stored menu says: user management (CP for
 * their tenant, SP for any) and the audit trail, which shows everyone's actions and addresses.
 */
export const ADMINS_ONLY_VARIANTS: ReadonlySet<number> = new Set([3100, 3300]);

/** Who is asking: the user's class and stored menu (user.menu, a JSON string; ignored for SP and CP). */
export interface MenuSubject {
  userClass: string;
  menu: string | null | undefined;
}

/** The one table of menu items and what each lets its user do (every item that is not a heading). */
export const MENU_CAPABILITIES = {
  1000: 'dashboard.view',
  /** The customer list and records: reading customers, their timeline, and writing call notes. */
  2100: 'customer.view',
  2200: 'customer.callHistory.view',
  /** Importing customers; with it, adding, editing and deleting them (customer.edit, below). */
  2300: 'customer.import',
  /** User management: administrators only, whatever a staff user's stored menu says. */
  3100: 'user.manage',
  3200: 'customer.layout.edit',
  /** The audit trail: administrators only, whatever a staff user's stored menu says. */
  3300: 'audit.view',
  8000: 'pbx.view',
  8110: 'pbx.destination.edit',
  8120: 'pbx.extension.edit',
  8130: 'pbx.ringGroup.edit',
  8140: 'pbx.ivr.edit',
  8150: 'pbx.schedule.edit',
  8160: 'pbx.speedDial.edit',
  8170: 'pbx.recording.edit',
  4100: 'analysis.calls.view',
  4200: 'analysis.extension.view',
  4300: 'analysis.status.view',
  9100: 'admin.view',
  /** Domain management; also acting on any tenant (naming another tenant's domainUuid). */
  9110: 'tenant.manage',
  /** Provider (SP) users. */
  9120: 'spUser.manage',
} as const satisfies Record<number, string>;

type MenuCapability = (typeof MENU_CAPABILITIES)[keyof typeof MENU_CAPABILITIES];
type Rule =
  { variant: number } | { classes: readonly PrivilegedClass[] } | { anyOf: readonly MenuCapability[] };

const PBX_SCREENS = [
  'pbx.destination.edit',
  'pbx.extension.edit',
  'pbx.ringGroup.edit',
  'pbx.ivr.edit',
  'pbx.schedule.edit',
  'pbx.speedDial.edit',
  'pbx.recording.edit',
] as const satisfies readonly MenuCapability[];

/** Capabilities that are not one menu item. */
const OTHER_RULES = {
  /** Adding, removing and re-keying extensions: tenant administrators and the provider. */
  'pbx.extension.create': { classes: ADMINS },
  'pbx.extension.delete': { classes: ADMINS },
  'pbx.extension.resetPassword': { classes: ADMINS },
  /** Incoming numbers come from the carrier contract, which only the provider manages. */
  'pbx.destination.create': { classes: PROVIDER },
  'pbx.destination.delete': { classes: PROVIDER },
  /** Where a PBX object is used: every PBX screen that deletes one. */
  'pbx.usage.view': { anyOf: PBX_SCREENS },
  /** The call targets the destination selects offer (ring groups, IVR, business hours). */
  'pbx.callTargets.view': { anyOf: ['pbx.ringGroup.edit', 'pbx.ivr.edit', 'pbx.schedule.edit'] },
  /** The recordings list: its own screen and every screen that picks an announcement. */
  'pbx.recording.view': {
    anyOf: ['pbx.ringGroup.edit', 'pbx.ivr.edit', 'pbx.schedule.edit', 'pbx.recording.edit'],
  },
  'analysis.view': { anyOf: ['analysis.calls.view', 'analysis.extension.view', 'analysis.status.view'] },
  /** The dashboard's tenant figures: administrators and whoever may see an analysis. */
  'dashboard.tenant.view': {
    anyOf: ['analysis.calls.view', 'analysis.extension.view', 'analysis.status.view'],
  },
  /** The recall list (折り返し): whoever works with customers or the tenant's call history. */
  'recall.manage': { anyOf: ['customer.view', 'customer.callHistory.view'] },
  /**
   * Signing a colleague out from the presence tab: the button and the endpoint both ask this, so a staff
   * user who manages users (menu 3100) is offered no button and refused by the API alike.
   */
  'user.forceLogout': { classes: ADMINS },
  /** Presence groups (userGroup.commDetails): their names, representative numbers and members. */
  'userGroup.manage': { classes: ADMINS },
  /**
   * Adding, editing and deleting customers. The spec's menu has one flag per screen, so writing customers
   * goes with the import item (2300), which writes them wholesale anyway: a staff user shown 2100 alone
   * reads customers (and writes call notes) without changing them.
   */
  'customer.edit': { anyOf: ['customer.import'] },
  /** Call notes (from the record, the incoming-call modal and the softphone tab): the customer list's users. */
  'customer.note': { anyOf: ['customer.view'] },
  /** Reading the layout: the record (customer list) and the layout screen. */
  'customer.layout.view': { anyOf: ['customer.view', 'customer.layout.edit'] },
  /** The tenant's status setting (automatic after-call work). */
  'status.setting.edit': { classes: ADMINS },
  /** The tenant's call recording setting (off / on demand / always, retention days). */
  'callRecording.setting.edit': { classes: ADMINS },
  /** The sandbox's simulated outside caller page (a provider for any tenant, an administrator for their own). */
  'sandbox.caller': { classes: ADMINS },
  /** Requiring two-step sign-in of a tenant's administrators (the tenant's own administrators, or the provider). */
  'tenant.twoStepPolicy': { classes: ADMINS },
} as const satisfies Record<string, Rule>;

/** A named thing a user may do, e.g. `pbx.extension.edit`, `customer.import`, `tenant.manage`. */
export type Capability = MenuCapability | keyof typeof OTHER_RULES;

const RULES: Record<Capability, Rule> = {
  ...(Object.fromEntries(
    Object.entries(MENU_CAPABILITIES).map(([variant, capability]) => [
      capability,
      { variant: Number(variant) },
    ]),
  ) as Record<MenuCapability, Rule>),
  ...OTHER_RULES,
};

/**
 * Whether a user must sign in in two steps (TOTP): every provider user, and a tenant's administrators when
 * their tenant asks it (domains.two_step_for_admins).
 */
export function twoStepRequired(subject: { userClass: string }, tenantRequiresForAdmins: boolean): boolean {
  return isProviderUser(subject) || (tenantRequiresForAdmins && isTenantAdmin(subject));
}

/** A provider (SP) user: managed only in SP user management, never through a tenant's user management. */
export function isProviderUser(user: { userClass: string }): boolean {
  return user.userClass === USER_CLASS.provider;
}

/** A tenant's administrator (CP). */
export function isTenantAdmin(user: { userClass: string }): boolean {
  return user.userClass === USER_CLASS.tenantAdmin;
}

/** Every capability, for tests and tables. */
export const CAPABILITIES = Object.keys(RULES) as Capability[];

const CACHE_LIMIT = 1000;
/** Per class, the visible variants per stored menu text. */
const visibleCache = new Map<string, Map<string, ReadonlySet<number>>>();
let cachedMenus = 0;

function computeVisible(subject: MenuSubject): ReadonlySet<number> {
  const visible = new Set<number>();
  const { userClass } = subject;
  const stored = isPrivileged(userClass) ? null : parseStoredMenu(subject.menu);
  walk(MENU, (item, parent) => {
    if (parent && !visible.has(parent.variant)) return;
    if (userClass === USER_CLASS.provider) visible.add(item.variant);
    else if (item.variant >= ADMIN_VARIANT) return;
    else if (userClass !== USER_CLASS.tenantAdmin && ADMINS_ONLY_VARIANTS.has(item.variant)) return;
    else if (userClass === USER_CLASS.tenantAdmin) visible.add(item.variant);
    // Everything starts hidden: a staff user sees only what their stored menu lists as not hidden.
    else if (stored?.get(item.variant) === false) visible.add(item.variant);
  });
  return visible;
}

function isPrivileged(userClass: string): boolean {
  return userClass === USER_CLASS.provider || userClass === USER_CLASS.tenantAdmin;
}

/**
 * The menu variants a user may see and use. Cached by class and stored menu text (the menu is its own
 * version: a changed menu is a new entry, never a stale one), so a request costs two map lookups, not a
 * JSON parse and a tree walk. At most CACHE_LIMIT menus are kept; beyond that the cache starts afresh.
 */
export function visibleVariants(subject: MenuSubject): ReadonlySet<number> {
  const menu = isPrivileged(subject.userClass) ? '' : (subject.menu ?? '');
  let byMenu = visibleCache.get(subject.userClass);
  if (!byMenu) visibleCache.set(subject.userClass, (byMenu = new Map()));
  let visible = byMenu.get(menu);
  if (!visible) {
    if (cachedMenus >= CACHE_LIMIT) {
      visibleCache.clear();
      visibleCache.set(subject.userClass, byMenu);
      byMenu.clear();
      cachedMenus = 0;
    }
    visible = computeVisible(subject);
    byMenu.set(menu, visible);
    cachedMenus++;
  }
  return visible;
}

/** True when the user may do what the capability names. */
export function can(subject: MenuSubject, capability: Capability): boolean {
  const rule = RULES[capability];
  if ('variant' in rule) return visibleVariants(subject).has(rule.variant);
  if ('classes' in rule) return (rule.classes as readonly string[]).includes(subject.userClass);
  return rule.anyOf.some((other) => can(subject, other));
}

/** True when the user sees the menu item of the given variant (headings included). */
export function canAccess(subject: MenuSubject, variant: number): boolean {
  return visibleVariants(subject).has(variant);
}

/** The capability a menu item's screen needs, or undefined for a heading. */
export function capabilityOfVariant(variant: number): Capability | undefined {
  return (MENU_CAPABILITIES as Record<number, Capability>)[variant];
}

/**
 * What a menu item lets its user do beyond opening its screen, where that is not plain from its name
 * (the user-management menu tree shows it beside the item).
 */
export const MENU_ITEM_NOTES: Readonly<Partial<Record<number, string>>> = {
  2100: '閲覧と応対メモ',
  2300: '顧客の登録・修正・削除を含む',
};

/** The sidebar for a user: the menu tree pruned to what they may see; empty headings are dropped. */
export function visibleMenu(subject: MenuSubject): MenuItem[] {
  const visible = visibleVariants(subject);
  const prune = (items: readonly MenuItem[]): MenuItem[] =>
    items.flatMap((item) => {
      if (!visible.has(item.variant)) return [];
      const children = item.children ? prune(item.children) : undefined;
      if (item.heading && (!children || children.length === 0)) return [];
      return [{ ...item, ...(children ? { children } : {}) }];
    });
  return prune(MENU);
}
