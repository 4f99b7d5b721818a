import type { CustomerListItem } from '@tsunagu/contract/crm/customer';
import { menuConfig } from '@tsunagu/contract/menu';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { startSession } from '../../shared/session/session-store';
import { envelope, mockApi } from '../../test/mock-api';
import { panelUserInfo } from '../../test/panel-fixtures';
import { renderPanel } from '../../test/render-panel';
import { CustomersPage } from './customers-page';

const domainUuid = panelUserInfo().user.domainUuid;
const row: CustomerListItem = {
  customerUuid: '11111111-1111-4111-8111-111111111111',
  company: '青空商事',
  companyKana: 'アオゾラショウジ',
  person: '青空 一郎',
  personKana: '',
  department: '',
  numbers: [{ label: '代表', number: '0312345678' }],
  email: '',
  ownerName: '',
  tags: [],
  updatedAt: '2026-11-20T01:00:00.000Z',
  lastCallAt: null,
  openRecalls: 2,
};

function open(menu: number[] | null) {
  mockApi({
    [`GET /api/v1/customer/list/${domainUuid}`]: () =>
      envelope(200, '', { content: [row], totalElements: 1, number: 0, size: 20 }),
  });
  startSession('tok', menu ? panelUserInfo({ userClass: 'USER', menu: menuConfig(menu) }) : panelUserInfo());
  renderPanel(<CustomersPage />, '/cust/management/list');
}

describe('the customer list', () => {
  it('offers new, edit and delete to a user who may edit customers', async () => {
    open(null);
    expect(await screen.findByText('青空商事')).toBeTruthy();
    expect(screen.getByRole('button', { name: /新規登録/ })).toBeTruthy();
    expect(screen.getByRole('button', { name: '修正' })).toBeTruthy();
    expect(screen.getByRole('button', { name: '削除' })).toBeTruthy();
    expect(screen.getByRole('link', { name: '03-1234-5678' }).getAttribute('href')).toBe(
      '/cust/management/0312345678',
    );
  });

  it('shows a user shown the list but not the import (2300) the customers without any way to change them', async () => {
    open([2300]);
    expect(await screen.findByText('青空商事')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /新規登録/ })).toBeNull();
    expect(screen.queryByRole('button', { name: '修正' })).toBeNull();
    expect(screen.queryByRole('button', { name: '削除' })).toBeNull();
    expect(screen.queryByRole('columnheader', { name: '操作' })).toBeNull();
  });
});
