import type { PhoneType } from '@tsunagu/contract/auth';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { getSoftphone } from '../../phone/browser';
import { startSession } from '../../shared/session/session-store';
import { mockApi } from '../../test/mock-api';
import { panelUserInfo } from '../../test/panel-fixtures';
import { renderPanel } from '../../test/render-panel';
import { PhoneLayer } from './phone-layer';

const phone = getSoftphone();
afterEach(() => vi.restoreAllMocks());

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
});
