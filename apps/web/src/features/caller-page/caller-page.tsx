import { PhoneOutlined } from '@ant-design/icons';
import { endpoints } from '@tsunagu/contract/api';
import { useQuery } from '@tanstack/react-query';
import { App, Button, Card, Flex, Form, Input, Result, Select, Spin, Tag, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { createBrowserCallerPhone } from '../../phone/browser';
import { can } from '@tsunagu/contract/permissions';
import type { CallerPhone, CallerPhoneState } from '../../phone/caller-phone';
import { resolveSocketUrl } from '../../phone/socket-url';
import { phoneErrorText } from '../../phone/user-message';
import { fetchData } from '../../shared/api/client';
import { useHealth } from '../../shared/api/get-health';
import { pbxKeys } from '../../shared/pbx/pbx-query';
import { useSession } from '../../shared/session/session-store';
import { useStore } from '../../shared/store/create-store';
import { callerPageJa } from './caller-page.ja';

const t = callerPageJa;
const KEYS = ['1', '2', '3', '4', '5', '6', '7', '8', '9', '*', '0', '#'] as const;
/** An outside caller's number as the sandbox accepts it (5–20 digits). */
const OUTSIDE_NUMBER = /^\d{5,20}$/;

/** The caller page's state line. */
export function callerStateText(state: CallerPhoneState): string {
  const { call } = state;
  if (call?.status === 'calling') return t.state.calling;
  if (call?.status === 'ringing') return t.state.ringing(call.number);
  if (call?.status === 'talking') return t.state.talking;
  if (state.ended) return t.state.ended(t.causes[state.ended] ?? t.otherCause);
  return t.state.idle;
}

/** 模擬発信 (sandbox only, CP/SP): an outside phone with real audio, for trying the tenant's routing. */
export function CallerPage() {
  const session = useSession();
  const health = useHealth();
  if (!session || health.isPending) return <Spin />;
  if (health.data?.telephony !== 'sandbox') return <Result status="info" title={t.notSandbox} />;
  if (!can(session.user.user, 'sandbox.caller')) return <Result status="warning" title={t.notAllowed} />;
  return (
    <CallerConsole
      token={session.token}
      domainUuid={session.user.domain.domainUuid}
      domainName={session.user.domain.domainName}
    />
  );
}

function CallerConsole({
  token,
  domainUuid,
  domainName,
}: {
  token: string;
  domainUuid: string;
  domainName: string;
}) {
  const { message } = App.useApp();
  const [phone] = useState<CallerPhone>(createBrowserCallerPhone);
  const state = useStore(phone.store);
  const [from, setFrom] = useState('09012345678');
  const [to, setTo] = useState<string | null>(null);
  const destinations = useQuery({
    queryKey: pbxKeys.list(domainUuid, 'destinations'),
    queryFn: () => fetchData(endpoints.destinationList, { params: { domainUuid } }),
  });
  useEffect(() => () => phone.disconnect(), [phone]);

  const fail = (error: unknown) => void message.error(phoneErrorText(error, t.failed));
  const signedIn = state.login !== null;
  const { call } = state;
  const validFrom = OUTSIDE_NUMBER.test(from);

  const connect = () =>
    void phone.connect(resolveSocketUrl('/verto', window.location), from, domainName, token).catch(fail);

  return (
    <Card title={t.title} style={{ maxWidth: 640 }} role="region" aria-label={t.title}>
      <Flex vertical gap={16}>
        <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
          {t.lead}
        </Typography.Paragraph>
        <Form layout="vertical" component="div">
          <Form.Item
            label={t.from}
            help={validFrom ? t.fromHint : t.fromInvalid}
            validateStatus={validFrom ? undefined : 'error'}
          >
            <Flex gap={8}>
              <Input
                aria-label={t.from}
                value={from}
                disabled={signedIn || state.connection === 'connecting'}
                inputMode="numeric"
                onChange={(event) => setFrom(event.target.value.replace(/\D/g, ''))}
              />
              {signedIn ? (
                <Button onClick={() => phone.disconnect()}>{t.disconnect}</Button>
              ) : (
                <Button
                  type="primary"
                  disabled={!validFrom}
                  loading={state.connection === 'connecting'}
                  onClick={connect}
                >
                  {t.connect}
                </Button>
              )}
            </Flex>
          </Form.Item>
          {state.login && <Tag color="green">{t.connected(state.login)}</Tag>}
        </Form>

        <Flex vertical gap={8}>
          <Typography.Text strong>{t.to}</Typography.Text>
          <Flex gap={8}>
            <Select
              aria-label={t.to}
              style={{ flex: 1 }}
              placeholder={t.toPlaceholder}
              loading={destinations.isPending}
              value={to}
              onChange={setTo}
              notFoundContent={t.noDestinations}
              options={(destinations.data?.list ?? []).map((d) => ({
                value: d.destinationNumber,
                label: `${d.destinationNumber}${d.destinationCidNamePrefix ? ` ${d.destinationCidNamePrefix}` : ''}`,
              }))}
            />
            {call?.status === 'ringing' && (
              <Button type="primary" icon={<PhoneOutlined />} onClick={() => void phone.answer().catch(fail)}>
                {t.answer}
              </Button>
            )}
            {call ? (
              <Button
                danger
                type="primary"
                icon={<PhoneOutlined rotate={135} />}
                onClick={() => void phone.hangup().catch(fail)}
              >
                {t.hangUp}
              </Button>
            ) : (
              <Button
                type="primary"
                icon={<PhoneOutlined />}
                disabled={!signedIn || !to}
                onClick={() => to && void phone.dial(to).catch(fail)}
              >
                {t.dial}
              </Button>
            )}
          </Flex>
        </Flex>

        <Typography.Text role="status" strong>
          {callerStateText(state)}
        </Typography.Text>
        <Typography.Text>
          {t.hearing}:{' '}
          {state.hearing ? `${t.hearingKinds[state.hearing.kind]}（${state.hearing.fileName}）` : t.nothing}
        </Typography.Text>

        <Flex vertical gap={6}>
          <Typography.Text strong>{t.keypad}</Typography.Text>
          <div
            role="group"
            aria-label={t.keypad}
            style={{ display: 'grid', gridTemplateColumns: 'repeat(3, 64px)', gap: 6 }}
          >
            {KEYS.map((key) => (
              <Button key={key} disabled={!call} onClick={() => void phone.dtmf(key).catch(fail)}>
                {key}
              </Button>
            ))}
          </div>
        </Flex>
      </Flex>
    </Card>
  );
}
