import { ja } from '../../shared/i18n/ja';
import type { Screen } from '../../shared/screen';

/** 取引先情報管理 (menu 2100). */
export const listScreen: Screen = {
  path: '/cust/management/list',
  lazy: () => import('./customers-page').then((m) => ({ Component: m.CustomersPage })),
};

/** The record page's code; the shell loads it ahead for users whom a ring may lead to it. */
export const loadRecordPage = () => import('./record-page');

/** The customer record a number leads to (under menu 2100's /cust/management). */
export const recordScreen: Screen = {
  path: '/cust/management/:number',
  title: ja.titles.custRecord,
  lazy: () => loadRecordPage().then((m) => ({ Component: m.CustomerRecordPage })),
};

/** 顧客インポート (menu 2300). */
export const importScreen: Screen = {
  path: '/cust/cust-import',
  lazy: () => import('./import-page').then((m) => ({ Component: m.ImportPage })),
};

/** 顧客画面レイアウト設定 (menu 3200). */
export const layoutScreen: Screen = {
  path: '/system/layout',
  lazy: () => import('./layout-page').then((m) => ({ Component: m.LayoutPage })),
};
