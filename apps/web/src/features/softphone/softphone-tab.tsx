import {
  AudioMutedOutlined,
  AudioOutlined,
  BorderOutlined,
  PauseCircleOutlined,
  PhoneOutlined,
  TeamOutlined,
  UserSwitchOutlined,
} from '@ant-design/icons';
import { Alert, Button, Divider, Flex, Tag, Tooltip, Typography } from 'antd';
import { useState } from 'react';
import { currentCall, formatDuration, sessionDurationMs } from '../../phone/call-session';
import { softphoneControls } from '../../phone/controls';
import { useOpenCustomer } from '../../phone/customer-link';
import { CallerCard, CallNoteButton } from '../../shared/customers/caller-card';
import { jaCallRecording } from '../../shared/call-recording/call-recording.ja';
import { ja } from '../../shared/i18n/ja';
import { useUserInfo } from '../../shared/session/session-store';
import { Keypad, NumberField } from './dial-pad';
import { CallPairPanel } from './call-pair-panel';
import { SoftphoneHistory } from './softphone-history';
import { LineButtons, ParkButtons } from './slot-buttons';
import { TransferPopover } from './transfer-popover';
import { useCallRecording } from './use-call-recording';
import { useNow, usePhone, usePhoneLead, useSoftphoneState } from './use-softphone';
import { useParkSlots } from './use-park-slots';

const t = ja.softphone;

/** The softphone tab (spec 2.4), shown for phoneType 'verto' only. */
export function SoftphoneTab() {
  const info = useUserInfo();
  const { status, problem, session } = useSoftphoneState();
  const phone = usePhone();
  const following = usePhoneLead().role === 'follow';
  const [number, setNumber] = useState('');
  const occupied = useParkSlots(info.user.domainUuid, info.domain.domainName);
  const controls = softphoneControls(session, number, occupied);
  const current = currentCall(session);
  const now = useNow(current?.activeSince != null);
  const openCustomer = useOpenCustomer();
  const recording = useCallRecording(info.user.domainUuid, current);

  const dial = () => {
    if (controls.dial) void phone.dial(number);
  };
  // Spec 2.4: 'Receive call' and the line buttons answer and open the caller's customer record.
  const receive = (callID?: string) =>
    void phone.answer(callID).then((call) => call && openCustomer(call.number));
  // A line's waiting call is answered as 'Receive call' does; a held one is switched to.
  const switchLine = (callID: string) =>
    session.incoming.includes(callID) ? receive(callID) : void phone.switchTo(callID);

  return (
    <Flex vertical gap={8} aria-label={t.label}>
      <Flex justify="space-between" align="baseline">
        <Typography.Text strong aria-label={t.remote} style={{ fontSize: 18 }}>
          {current?.number || t.noCall}
        </Typography.Text>
        <Typography.Text aria-label={t.duration} style={{ fontSize: 16, fontVariantNumeric: 'tabular-nums' }}>
          {formatDuration(sessionDurationMs(session, now))}
        </Typography.Text>
      </Flex>
      <Flex justify="space-between" align="center" gap={8}>
        <Typography.Text type="secondary" role="status">
          {current
            ? `${t.status[current.status]}${current.name ? ` ${current.name}` : ''}`
            : t.connection[status]}
        </Typography.Text>
        {recording.recording && (
          <Tooltip title={recording.mode === 'always' ? jaCallRecording.alwaysHint : undefined}>
            <Tag color="red" role="status" aria-live="polite" style={{ marginInlineEnd: 0 }}>
              ● {jaCallRecording.recording}
            </Tag>
          </Tooltip>
        )}
      </Flex>
      {current && (
        <Flex justify="space-between" align="center" gap={8}>
          <CallerCard number={current.number} fallback="" />
          {current.status === 'active' || current.status === 'held' ? (
            <CallNoteButton number={current.number} />
          ) : null}
        </Flex>
      )}
      {problem && <Alert type={status === 'ended' ? 'error' : 'warning'} showIcon title={problem} />}
      {following && <Alert type="info" showIcon title={t.otherTab} />}

      <NumberField value={number} onChange={setNumber} onEnter={dial} />
      <Keypad onKey={(key) => (controls.keypadSendsDtmf ? phone.sendDtmf(key) : setNumber((n) => n + key))} />

      <div style={{ display: 'grid', gridTemplateColumns: 'repeat(2, 1fr)', gap: 4 }}>
        <Button type="primary" icon={<PhoneOutlined />} disabled={!controls.dial} onClick={dial}>
          {t.dial}
        </Button>
        {controls.hangUp && (
          <Button danger type="primary" icon={<PhoneOutlined rotate={135} />} onClick={() => phone.hangUp()}>
            {t.hangUp}
          </Button>
        )}
        {controls.receive && (
          <Button
            type="primary"
            style={{ background: '#389e0d' }}
            icon={<PhoneOutlined />}
            onClick={() => receive()}
          >
            {t.receive}
          </Button>
        )}
        {controls.hold && (
          <Button
            icon={<PauseCircleOutlined />}
            type={controls.held ? 'primary' : 'default'}
            aria-pressed={controls.held}
            onClick={() => void phone.toggleHold()}
          >
            {t.hold}
          </Button>
        )}
        {controls.mute && (
          <Button
            icon={controls.muted ? <AudioMutedOutlined /> : <AudioOutlined />}
            type={controls.muted ? 'primary' : 'default'}
            aria-pressed={controls.muted}
            onClick={() => phone.toggleMute()}
          >
            {t.mute}
          </Button>
        )}
        {recording.mode === 'onDemand' && recording.connected && (
          <Tooltip title={recording.recording ? jaCallRecording.stopHint : jaCallRecording.recordHint}>
            <Button
              danger={recording.recording}
              icon={recording.recording ? <BorderOutlined /> : <span aria-hidden>●</span>}
              loading={recording.busy}
              onClick={recording.toggle}
            >
              {recording.recording ? jaCallRecording.stop : jaCallRecording.record}
            </Button>
          </Tooltip>
        )}
        <TransferPopover enabled={controls.transfer} onTransfer={(target) => phone.transfer(target)} />
        <TransferPopover
          enabled={controls.consult}
          onTransfer={(target) => phone.consult(target)}
          label={t.consult}
          hint={t.consultNumberHint}
          icon={<UserSwitchOutlined />}
        />
        {controls.conference && (
          <Tooltip title={t.conferenceHint}>
            <Button icon={<TeamOutlined />} onClick={() => void phone.conference()}>
              {t.conference}
            </Button>
          </Tooltip>
        )}
      </div>
      <CallPairPanel
        session={session}
        actions={{
          completeTransfer: () => void phone.completeTransfer(),
          cancelConsult: () => void phone.cancelConsult(),
          switchTo: (callID) => void phone.switchTo(callID),
          leaveConference: () => void phone.leaveConference(),
          endConference: () => phone.hangUp(),
        }}
      />

      <ParkButtons park={controls.park} inCall={current !== null} onPark={(slot) => void phone.park(slot)} />
      <LineButtons
        lines={controls.lines}
        onSwitch={switchLine}
        onHangUp={(callID) => void phone.hangUpCall(callID)}
      />

      <Divider style={{ margin: '4px 0' }} />
      {info.user.extensionUuid && (
        <SoftphoneHistory
          domainUuid={info.user.domainUuid}
          extensionUuid={info.user.extensionUuid}
          onDial={(target) => void phone.dial(target)}
        />
      )}
    </Flex>
  );
}
