import { topics } from '@tsunagu/contract/realtime';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { envelope, mockApi } from '../../test/mock-api';
import { panelUserInfo } from '../../test/panel-fixtures';
import { renderPanel } from '../../test/render-panel';
import { fakeStomp } from '../realtime/fake-stomp';
import { connectRealtime } from '../realtime/realtime-session';
import { startSession } from '../session/session-store';
import { DoNotDisturbButton, DoNotDisturbSwitch } from './do-not-disturb-toggle';

const info = panelUserInfo();
const { domainUuid, extension } = info.user;
const listPath = `GET /api/v1/user/doNotDisturb/${domainUuid}`;

let stopRealtime: (() => void) | undefined;
afterEach(() => stopRealtime?.());

/** The tenant's list as the server keeps it; POST sets the user's own extension in it. */
function serve(initial: string[]) {
  let list = initial;
  const requests = mockApi({
    [listPath]: () => envelope(200, '', list),
    'POST /api/v1/user/doNotDisturb': ({ body }) => {
      const on = (body as { doNotDisturb: string }).doNotDisturb === 'true';
      list = [...list.filter((e) => e !== extension), ...(on ? [extension ?? ''] : [])];
      return envelope(200, '', list);
    },
  });
  startSession('tok', info);
  stopRealtime = connectRealtime();
  return { requests, setList: (next: string[]) => (list = next) };
}

const button = () => screen.getByRole('button', { name: '着信拒否' });

describe('do-not-disturb (着信拒否)', () => {
  it('the header button turns one’s own do-not-disturb on and off, pressed while on', async () => {
    const { requests } = serve([]);
    renderPanel(<DoNotDisturbButton />);
    await waitFor(() => expect(button().getAttribute('aria-pressed')).toBe('false'));

    await userEvent.setup().click(button());
    await waitFor(() => expect(button().getAttribute('aria-pressed')).toBe('true'));
    expect(button().textContent).toContain('着信拒否中');
    await userEvent.setup().click(button());
    await waitFor(() => expect(button().getAttribute('aria-pressed')).toBe('false'));
    expect(requests.filter((r) => r.method === 'POST').map((r) => r.body)).toEqual([
      { doNotDisturb: 'true' },
      { doNotDisturb: 'false' },
    ]);
  });

  it('follows a change made elsewhere (an administrator, another tab) when /topic/pbx says so', async () => {
    const server = serve([extension ?? '']);
    renderPanel(<DoNotDisturbSwitch />);
    const toggle = await screen.findByRole('switch', { name: '着信拒否' });
    await waitFor(() => expect(toggle.getAttribute('aria-checked')).toBe('true'));
    expect(screen.getByText('着信拒否中')).toBeTruthy();

    server.setList([]);
    await waitFor(() => expect(fakeStomp.isSubscribed(topics.pbx(domainUuid))).toBe(true));
    fakeStomp.publish(topics.pbx(domainUuid), 'extension');
    await waitFor(() => expect(toggle.getAttribute('aria-checked')).toBe('false'));
  });

  it('says why a change failed and shows the state unchanged', async () => {
    mockApi({
      [listPath]: () => envelope(200, '', []),
      'POST /api/v1/user/doNotDisturb': () => envelope(404, '内線番号が割り当てられていません。'),
    });
    startSession('tok', info);
    renderPanel(<DoNotDisturbButton />);
    await userEvent.setup().click(button());
    expect(await screen.findByText('内線番号が割り当てられていません。')).toBeTruthy();
    expect(button().getAttribute('aria-pressed')).toBe('false');
  });
});
