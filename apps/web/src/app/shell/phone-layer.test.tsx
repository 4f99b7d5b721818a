import type { PhoneType } from '@tsunagu/contract/auth';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { getSoftphone } from '../../phone/browser';
import { startSession } from '../../shared/session/session-store';
import { mockApi } from '../../test/mock-api';
import { panelUserInfo } from '../../test/panel-fixtures';
import { renderPanel } from '../../test/render-panel';
import { shellPainted } from '../idle-warm';
import { PhoneLayer } from './phone-layer';

// The record page's real code would load antd's form; the test only asks whether it is asked for.
const loadRecordPage = vi.hoisted(() => vi.fn(() => Promise.resolve({ RecordWarmUp: () => null })));
vi.mock('../../features/customers/customers.screen', () => ({ loadRecordPage }));

const phone = getSoftphone();
afterEach(() => {
  vi.restoreAllMocks();
  vi.useRealTimers();
  loadRecordPage.mockClear();
});

/** The layer with a button that switches the phone type, as the header's toggle does. */
function Switchable() {
  const [phoneType, setPhoneType] = useState<PhoneType>('verto');
  return (
    <>
      <button onClick={() => setPhoneType('phone')}>switch</button>
      <PhoneLayer phoneType={phoneType} />
    </>
  );
}

describe('PhoneLayer', () => {
  it('connects the softphone for a headset user and disconnects it when the phone type changes', async () => {
    const start = vi.spyOn(phone, 'start').mockReturnValue(undefined);
    const stop = vi.spyOn(phone, 'stop').mockReturnValue(undefined);
    mockApi({});
    startSession('tok', panelUserInfo());
    renderPanel(<Switchable />);
    await waitFor(() => expect(start).toHaveBeenCalledTimes(1));
    expect(stop).not.toHaveBeenCalled();
    await userEvent.setup().click(screen.getByRole('button', { name: 'switch' }));
    await waitFor(() => expect(stop).toHaveBeenCalledTimes(1));
  });

  it('never loads the softphone for a desk-phone user', async () => {
    const start = vi.spyOn(phone, 'start').mockReturnValue(undefined);
    mockApi({});
    startSession('tok', panelUserInfo({ phoneType: 'phone' }));
    renderPanel(<PhoneLayer phoneType="phone" />);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(start).not.toHaveBeenCalled();
  });

  it('loads the customer record page ahead, in idle time once the shell has painted, for a user who may see customers', async () => {
    vi.spyOn(phone, 'start').mockReturnValue(undefined);
    mockApi({});
    startSession('tok', panelUserInfo({ userClass: 'CP' }));
    const idle: IdleRequestCallback[] = [];
    vi.stubGlobal('requestIdleCallback', (callback: IdleRequestCallback) => idle.push(callback));
    const idleNow = () =>
      act(async () => idle.splice(0).forEach((run) => run({ didTimeout: false, timeRemaining: () => 50 })));
    renderPanel(<PhoneLayer phoneType="phone" />);
    await idleNow();
    expect(loadRecordPage).not.toHaveBeenCalled();
    shellPainted();
    for (let i = 0; i < 3; i++) await idleNow();
    expect(loadRecordPage).toHaveBeenCalledTimes(1);
  });

  it('does not load it for a user without customers', async () => {
    mockApi({});
    startSession('tok', panelUserInfo({ phoneType: 'phone', userClass: 'USER', menu: '[]' }));
    const idle: IdleRequestCallback[] = [];
    vi.stubGlobal('requestIdleCallback', (callback: IdleRequestCallback) => idle.push(callback));
    renderPanel(<PhoneLayer phoneType="phone" />);
    shellPainted();
    for (let i = 0; i < 3; i++)
      await act(async () =>
        idle.splice(0).forEach((run) => run({ didTimeout: false, timeRemaining: () => 50 })),
      );
    expect(loadRecordPage).not.toHaveBeenCalled();
  });
});
