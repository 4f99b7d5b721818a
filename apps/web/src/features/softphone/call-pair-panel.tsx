import { Button, Card, Flex, Tooltip, Typography } from 'antd';
import type { CallSession, CallView } from '../../phone/call-session';
import { ja } from '../../shared/i18n/ja';

const t = ja.softphone;

/** What the two-call panel can do; each resolves once the softphone did it. */
export interface CallPairActions {
  completeTransfer(): void;
  cancelConsult(): void;
  switchTo(callID: string): void;
  leaveConference(): void;
  endConference(): void;
}

/** One party of the pair: its role, its name or number, where its call stands. */
function Party({ role, call }: { role: string; call: CallView }) {
  return (
    <Flex justify="space-between" align="baseline" gap={8}>
      <Typography.Text type="secondary" style={{ whiteSpace: 'nowrap' }}>
        {role}
      </Typography.Text>
      <Typography.Text ellipsis style={{ flex: 1, textAlign: 'end' }}>
        {[call.name, call.number].filter(Boolean).join(' ')}
      </Typography.Text>
      <Typography.Text style={{ whiteSpace: 'nowrap' }}>{t.status[call.status]}</Typography.Text>
    </Flex>
  );
}

/**
 * The two calls of an attended transfer (the caller on hold, the colleague consulted: 転送完了, 切替,
 * 相談取消) or of a three-way call (退出 leaves the other two talking, 全員切断 ends it for everyone).
 */
export function CallPairPanel({ session, actions }: { session: CallSession; actions: CallPairActions }) {
  const { consult, conference, calls, currentId } = session;
  if (conference) {
    const parties = conference.flatMap((id) => calls[id] ?? []);
    return (
      <Card size="small" title={t.inConference} role="region" aria-label={t.inConference}>
        <Flex vertical gap={4}>
          {parties.map((call) => (
            <Party key={call.callID} role={t.line(call.line)} call={call} />
          ))}
          <Flex gap={4} wrap>
            <Tooltip title={t.leaveConferenceHint}>
              <Button type="primary" onClick={actions.leaveConference}>
                {t.leaveConference}
              </Button>
            </Tooltip>
            <Tooltip title={t.endConferenceHint}>
              <Button danger onClick={actions.endConference}>
                {t.endConference}
              </Button>
            </Tooltip>
          </Flex>
        </Flex>
      </Card>
    );
  }
  const held = consult && calls[consult.heldId];
  const consulted = consult && calls[consult.consultId];
  if (!held || !consulted) return null;
  // 切替 goes to whichever of the two is not the current call.
  const other = currentId === consulted.callID ? held : consulted;
  const up = (call: CallView) => call.status === 'active' || call.status === 'held';
  const canSwitch = other.status === 'held' && up(consulted);
  return (
    <Card size="small" title={t.consulting} role="region" aria-label={t.consulting}>
      <Flex vertical gap={4}>
        <Party role={t.consultHeld} call={held} />
        <Party role={t.consultTarget} call={consulted} />
        <Flex gap={4} wrap>
          <Tooltip title={t.completeTransferHint}>
            <Button type="primary" disabled={!up(consulted)} onClick={actions.completeTransfer}>
              {t.completeTransfer}
            </Button>
          </Tooltip>
          <Tooltip title={t.swapHint(other.name || other.number)}>
            <Button disabled={!canSwitch} onClick={() => actions.switchTo(other.callID)}>
              {t.swap}
            </Button>
          </Tooltip>
          <Tooltip title={t.cancelConsultHint}>
            <Button danger onClick={actions.cancelConsult}>
              {t.cancelConsult}
            </Button>
          </Tooltip>
        </Flex>
      </Flex>
    </Card>
  );
}
