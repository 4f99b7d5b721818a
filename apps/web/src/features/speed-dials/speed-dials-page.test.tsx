import type { SpeedDial } from '@tsunagu/contract/pbx/speed-dial';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { userInfoFixture } from '../../test/fixtures';
import { envelope, mockApi } from '../../test/mock-api';
import { alertMessage, findLastButton, renderScreen } from '../../shared/ui/testing/render-screen';
import { SpeedDialsPage } from './speed-dials-page';

const DOMAIN = '22222222-2222-4222-8222-222222222222';

const entry: SpeedDial = {
  commUuid: '88888888-8888-4888-8888-888888888888',
  domainUuid: DOMAIN,
  commGroup: 'speed-dial',
  commName: '01',
  commSub1: '0120123456',
  commSub2: '本社代表',
};

function api() {
  return mockApi({
    [`GET /api/v1/common/speedDial/${DOMAIN}`]: () => envelope(200, '', { list: [entry] }),
    'POST /api/v1/common/speedDial/': () => envelope(200, '', { list: [entry] }),
  });
}

async function expectAlert(message: string) {
  expect(await alertMessage()).toBe(message);
  await userEvent.click(await findLastButton('OK'));
}

// Dialog round trips in jsdom are slow on a busy machine.
describe('SpeedDialsPage', { timeout: 60_000 }, () => {
  it('runs the three speed-dial checks in order, then saves a new entry', async () => {
    const requests = api();
    renderScreen(<SpeedDialsPage />, userInfoFixture());
    expect(await screen.findByText('本社代表')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: '新規' }));
    const dialog = await screen.findByRole('dialog');
    const number = within(dialog).getByLabelText(/短縮番号/);
    const phone = within(dialog).getByLabelText(/電話番号/);
    expect(number.getAttribute('placeholder')).toBe('01 ~ 99');
    expect(phone.getAttribute('placeholder')).toBe('0312345678');
    const save = () => userEvent.click(within(dialog).getByRole('button', { name: '保存' }));

    await userEvent.type(number, '01');
    await save();
    await expectAlert('登録済みの短縮番号です。');

    await userEvent.clear(number);
    await userEvent.type(number, '0');
    await save();
    await expectAlert('短縮番号を確認してください。 (ex: 01 ~ 99)');

    await userEvent.type(number, '5');
    await userEvent.type(phone, 'x1');
    expect((phone as HTMLInputElement).value).toBe('1');
    await save();
    await expectAlert('電話番号を確認してください。 (ex: 0312345678)');

    await userEvent.type(phone, '23');
    await userEvent.type(within(dialog).getByLabelText('メモ'), '大阪');
    await save();
    expect(await screen.findByText('保存されました!')).toBeTruthy();
    expect(requests.find((r) => r.method === 'POST')?.body).toEqual({
      commUuid: null,
      domainUuid: DOMAIN,
      commGroup: 'speed-dial',
      commName: '05',
      commSub1: '123',
      commSub2: '大阪',
    });
  });

  it('keeps the number fixed when editing', async () => {
    api();
    renderScreen(<SpeedDialsPage />, userInfoFixture());
    await userEvent.click(await screen.findByText('本社代表'));
    await userEvent.click(screen.getByRole('button', { name: '修正' }));
    const dialog = await screen.findByRole('dialog');
    const number = within(dialog).getByLabelText(/短縮番号/) as HTMLInputElement;
    expect(number.value).toBe('01');
    expect(number.disabled).toBe(true);
  });
});
