import { Skeleton } from 'antd';
import { createElement } from 'react';
import { ja } from '../../shared/i18n/ja';
import { preloadedPage } from '../../shared/preloaded-page';
import type { Screen } from '../../shared/screen';

/** 取引先情報管理 (menu 2100). */
export const listScreen: Screen = {
  path: '/cust/management/list',
  lazy: () => import('./customers-page').then((m) => ({ Component: m.CustomersPage })),
};

const recordModule = () => import('./record-page');
// Rendered at once when its code is there: a ring opens the record with flushSync (issue 19).
const recordPage = preloadedPage(
  () => recordModule().then((m) => m.CustomerRecordPage),
  createElement(Skeleton, { active: true }),
);

/**
 * The record page's code, which the shell loads ahead in idle time for users whom a ring may lead to
 * it; resolves to the module (its warm-up sample included).
 */
export const loadRecordPage = () => recordPage.preload().then(recordModule);

/** The customer record a number leads to (under menu 2100's /cust/management). */
export const recordScreen: Screen = {
  path: '/cust/management/:number',
  title: ja.titles.custRecord,
  Component: recordPage.Component,
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
