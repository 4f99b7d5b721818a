import { useQueryClient } from '@tanstack/react-query';
import { App } from 'antd';
import { useEffect, useRef } from 'react';
import { applyRemoteCommand, getSoftphone, leadPhoneAcrossTabs } from '../../phone/browser';
import { currentCall } from '../../phone/call-session';
import type { PhoneLead } from '../../phone/phone-lead';
import type { SoftphoneState } from '../../phone/softphone';
import { registerSoftphoneDialer } from '../../shared/dial/dial';
import { ja } from '../../shared/i18n/ja';
import { useUserInfo } from '../../shared/session/session-store';
import { patchShellState } from '../../shared/shell-state/shell-state';
import { showAlert } from '../../shared/ui/alert';

/** A call record is written when a call ends; the history lists are read again a moment later. */
const HISTORY_REFRESH_DELAY_MS = 1500;

/**
 * Feeds the header's current call and the history refresh from a softphone's state (this tab's own,
 * or the leading tab's); returns the function to call on every change.
 */
function followCalls(
  state: () => SoftphoneState | null,
  hangUp: () => void,
  refreshHistory: () => void,
): () => void {
  let shown: { callID: string; number: string; status: string } | null = null;
  let calls = 0;
  return () => {
    const session = state()?.session;
    const current = session ? currentCall(session) : null;
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
          hangUp,
        },
      });
    }
    const count = session ? Object.keys(session.calls).length : 0;
    if (count < calls) setTimeout(refreshHistory, HISTORY_REFRESH_DELAY_MS);
    calls = count;
  };
}

/**
 * Runs the browser softphone while a 'verto' user's shell is open (spec 4 "Phone type"): it connects
 * while this tab leads the browser's tabs (issue 20: one registration, one tab ringing) and
 * disconnects when the tab gives the lead up — switching to desk-phone mode, logging out, closing. A
 * following tab shows the leading tab's call in its header and passes its dialling and hang-up there.
 * It also dials for the panel's number links and shows the softphone's notices.
 */
export function SoftphoneHost() {
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const userId = useUserInfo().user.id;
  const toast = useRef(message);
  useEffect(() => {
    toast.current = message;
  });

  useEffect(() => {
    const phone = getSoftphone();
    const refreshHistory = () => void queryClient.invalidateQueries({ queryKey: ['cdr'] });
    let lead: PhoneLead | null = null;

    const runPhone = () => {
      const follow = followCalls(
        () => phone.state,
        () => phone.hangUp(),
        refreshHistory,
      );
      const stopFollowing = phone.store.subscribe(() => {
        follow();
        lead?.publish(phone.state);
      });
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
        lead?.publish(phone.state);
        patchShellState({ currentCall: null });
      };
    };

    const sharing = leadPhoneAcrossTabs(userId, {
      lead: runPhone,
      current: () => phone.state,
      command: (command) => applyRemoteCommand(phone, command),
    });
    lead = sharing.lead;

    // While another tab has the phone: its call in this header, this tab's dialling sent to it.
    const followRemote = followCalls(
      () => sharing.lead.store.get().remote,
      () => sharing.lead.send({ method: 'hangUp', args: [] }),
      refreshHistory,
    );
    let unregisterRemote: (() => void) | null = null;
    const onRole = () => {
      const { role } = sharing.lead.store.get();
      if (role === 'follow') {
        unregisterRemote ??= registerSoftphoneDialer((number) =>
          sharing.lead.send({ method: 'dial', args: [number] }),
        );
        followRemote();
      } else {
        unregisterRemote?.();
        unregisterRemote = null;
      }
    };
    const stopRole = sharing.lead.store.subscribe(onRole);
    onRole();
    return () => {
      stopRole();
      unregisterRemote?.();
      sharing.stop();
      patchShellState({ currentCall: null });
    };
  }, [queryClient, userId]);

  return null;
}
