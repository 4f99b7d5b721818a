import { useQueryClient } from '@tanstack/react-query';
import { App } from 'antd';
import { useEffect, useRef } from 'react';
import { getSoftphone } from '../../phone/browser';
import { currentCall } from '../../phone/call-session';
import { registerSoftphoneDialer } from '../../shared/dial/dial';
import { ja } from '../../shared/i18n/ja';
import { patchShellState } from '../../shared/shell-state/shell-state';
import { showAlert } from '../../shared/ui/alert';

/** A call record is written when a call ends; the history lists are read again a moment later. */
const HISTORY_REFRESH_DELAY_MS = 1500;

/**
 * Runs the browser softphone while a 'verto' user's shell is open (spec 4 "Phone type"): it connects
 * on mount and disconnects on unmount — switching to desk-phone mode, or logging out. It also dials
 * for the panel's number links, feeds the header's current call and shows the softphone's notices.
 */
export function SoftphoneHost() {
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const toast = useRef(message);
  useEffect(() => {
    toast.current = message;
  });

  useEffect(() => {
    const phone = getSoftphone();
    let shown: { callID: string; number: string; status: string } | null = null;
    let calls = 0;
    const follow = () => {
      const { session } = phone.state;
      const current = currentCall(session);
      if (
        current?.callID !== shown?.callID ||
        current?.number !== shown?.number ||
        current?.status !== shown?.status
      ) {
        shown = current && { callID: current.callID, number: current.number, status: current.status };
        patchShellState({
          currentCall: current && {
            number: current.number || '-',
            status: ja.softphone.status[current.status],
            hangUp: () => phone.hangUp(),
          },
        });
      }
      const count = Object.keys(session.calls).length;
      if (count < calls) {
        setTimeout(() => void queryClient.invalidateQueries({ queryKey: ['cdr'] }), HISTORY_REFRESH_DELAY_MS);
      }
      calls = count;
    };
    const stopFollowing = phone.store.subscribe(follow);
    const stopNotices = phone.onNotice(({ level, text }) => {
      if (level === 'alert') showAlert(text);
      else void toast.current[level](text);
    });
    const unregister = registerSoftphoneDialer((number) => void phone.dial(number));
    phone.start();
    follow();
    return () => {
      unregister();
      stopNotices();
      stopFollowing();
      phone.stop();
      patchShellState({ currentCall: null });
    };
  }, [queryClient]);

  return null;
}
