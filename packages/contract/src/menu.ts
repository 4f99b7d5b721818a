/**
 * The menu tree of spec 2.2: each item has a numeric variant; variants of 9000 and above are the
 * provider's Admin section. Who may see and use what is decided in permissions.ts.
 */
export interface MenuItem {
  variant: number;
  /** Japanese label in the sidebar. */
  label: string;
  /** Route, absent for headings. */
  path?: string;
  /** Route prefix the item's screens live under when wider than `path` (e.g. the customer record). */
  covers?: string;
  /** A heading groups the items below it and is not a link. */
  heading?: boolean;
  children?: MenuItem[];
}

export const ADMIN_VARIANT = 9000;

export const MENU: readonly MenuItem[] = [
  {
    variant: 0,
    label: 'TOP',
    heading: true,
    children: [{ variant: 1000, label: 'ホーム', path: '/dashboard' }],
  },
  {
    variant: 2000,
    label: '顧客',
    heading: true,
    children: [
      { variant: 2100, label: '取引先情報管理', path: '/cust/management/list', covers: '/cust/management' },
      { variant: 2200, label: '通話履歴', path: '/cust/cdr' },
      { variant: 2300, label: '顧客インポート', path: '/cust/cust-import' },
    ],
  },
  {
    variant: 3000,
    label: 'システム',
    heading: true,
    children: [
      { variant: 3100, label: 'ユーザー管理', path: '/system/user' },
      { variant: 3200, label: '顧客画面レイアウト設定', path: '/system/layout' },
      { variant: 3300, label: '操作履歴', path: '/system/audit' },
    ],
  },
  {
    variant: 8000,
    label: 'PBX管理',
    path: '/pbx',
    children: [
      { variant: 8110, label: '着信番号設定', path: '/pbx/destination' },
      { variant: 8120, label: '内線番号', path: '/pbx/extension' },
      { variant: 8130, label: 'グループ設定', path: '/pbx/ring-group' },
      { variant: 8140, label: 'IVR設定', path: '/pbx/ivr' },
      { variant: 8150, label: '営業時間', path: '/pbx/time' },
      { variant: 8160, label: '短縮ダイヤル', path: '/pbx/speed-dial' },
      { variant: 8170, label: '音声ファイル', path: '/pbx/recording' },
    ],
  },
  {
    variant: 4000,
    label: '分析',
    heading: true,
    children: [
      { variant: 4100, label: '発着信分析', path: '/analy/line' },
      { variant: 4200, label: '内線分析', path: '/analy/exten' },
      { variant: 4300, label: 'ステータス分析', path: '/analy/status' },
    ],
  },
  {
    variant: 9000,
    label: '管理者',
    heading: true,
    children: [
      {
        variant: 9100,
        label: 'ドメイン管理',
        path: '/system',
        children: [
          { variant: 9110, label: 'ドメイン管理', path: '/system/admin' },
          { variant: 9120, label: 'SPユーザー管理', path: '/system/sp-user' },
        ],
      },
    ],
  },
];

/** One item of a user's stored menu configuration (user.menu is a JSON string of these). */
export interface StoredMenuItem {
  variant: number;
  attributes?: { hidden?: boolean };
  children?: StoredMenuItem[];
}

/** Visits every item of the tree, parents before their children. */
export function walk(
  items: readonly MenuItem[],
  visit: (item: MenuItem, parent: MenuItem | null) => void,
  parent: MenuItem | null = null,
): void {
  for (const item of items) {
    visit(item, parent);
    if (item.children) walk(item.children, visit, item);
  }
}

/** Parses user.menu; an unreadable configuration hides everything. */
export function parseStoredMenu(json: string | null | undefined): Map<number, boolean> {
  const hidden = new Map<number, boolean>();
  if (!json) return hidden;
  let parsed: unknown;
  try {
    parsed = JSON.parse(json);
  } catch {
    return hidden;
  }
  const visit = (items: unknown): void => {
    if (!Array.isArray(items)) return;
    for (const raw of items) {
      if (typeof raw !== 'object' || raw === null) continue;
      const item = raw as StoredMenuItem;
      if (typeof item.variant !== 'number') continue;
      hidden.set(item.variant, item.attributes?.hidden === true);
      visit(item.children);
    }
  };
  visit(parsed);
  return hidden;
}

/** The variant whose route is the longest prefix of the path (for route guards), or undefined. */
export function variantForPath(path: string): number | undefined {
  let best: { variant: number; length: number } | undefined;
  walk(MENU, (item) => {
    for (const prefix of [item.path, item.covers]) {
      if (!prefix || !(path === prefix || path.startsWith(prefix + '/'))) continue;
      if (!best || prefix.length > best.length) best = { variant: item.variant, length: prefix.length };
    }
  });
  return best?.variant;
}

/** Builds a stored menu configuration that hides the given variants (and shows the rest below 9000). */
export function menuConfig(hiddenVariants: readonly number[]): string {
  const hidden = new Set(hiddenVariants);
  const toStored = (items: readonly MenuItem[]): StoredMenuItem[] =>
    items
      .filter((item) => item.variant < ADMIN_VARIANT)
      .map((item) => ({
        variant: item.variant,
        attributes: { hidden: hidden.has(item.variant) },
        ...(item.children ? { children: toStored(item.children) } : {}),
      }));
  return JSON.stringify(toStored(MENU));
}
