import { ApiError } from '@tsunagu/contract/envelope';
import { messages } from '@tsunagu/contract/messages';
import { twoStepCodeSchema, twoStepMessages, type TwoStepEnrolment } from '@tsunagu/contract/two-step';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Flex, Input, Space, Tag, Typography } from 'antd';
import { useState, type FormEvent } from 'react';
import { jaTwoStep as t } from '../../shared/i18n/ja-two-step';
import { RecoveryCodes } from '../../shared/ui/recovery-codes';
import { TotpEnrolment } from '../../shared/ui/totp-enrolment';
import { SettingSection } from './setting-section';
import { TWO_STEP_KEY, twoStepApi } from './two-step-api';

type Step =
  | { kind: 'idle' }
  | { kind: 'enrolling'; enrolment: TwoStepEnrolment }
  | { kind: 'disabling' }
  | { kind: 'renewing' }
  | { kind: 'codes'; codes: string[] };

const errorText = (error: unknown) =>
  error instanceof ApiError && error.status < 500 ? error.message : error ? messages.serverError : undefined;

/** One line: a code (or password) field and its button, with the contract's rule checked first. */
function ProofLine({
  placeholder,
  submitLabel,
  password,
  pending,
  onSubmit,
  onCancel,
}: {
  placeholder: string;
  submitLabel: string;
  password?: boolean;
  pending: boolean;
  onSubmit: (value: string) => void;
  onCancel: () => void;
}) {
  const [value, setValue] = useState('');
  const Field = password ? Input.Password : Input;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit(value);
  };
  return (
    <form onSubmit={submit} noValidate>
      <Flex vertical gap={4}>
        <Space.Compact style={{ width: '100%' }}>
          <Field
            aria-label={placeholder}
            placeholder={placeholder}
            autoComplete={password ? 'current-password' : 'one-time-code'}
            value={value}
            onChange={(event) => setValue(event.target.value)}
          />
          <Button type="primary" htmlType="submit" loading={pending}>
            {submitLabel}
          </Button>
        </Space.Compact>
        <Button size="small" type="link" onClick={onCancel} style={{ alignSelf: 'flex-start', padding: 0 }}>
          {t.cancel}
        </Button>
      </Flex>
    </form>
  );
}

/**
 * Two-step sign-in in the settings tab: turn it on (QR code, a confirming code, the recovery codes once),
 * off (a code or the password; not where it is required), and new recovery codes.
 */
export function TwoStepForm() {
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const status = useQuery({ queryKey: TWO_STEP_KEY, queryFn: twoStepApi.status });
  const [step, setStep] = useState<Step>({ kind: 'idle' });
  const [invalid, setInvalid] = useState<string>();
  const settle = (next: Step) => {
    setInvalid(undefined);
    setStep(next);
    void queryClient.invalidateQueries({ queryKey: TWO_STEP_KEY });
  };
  const setup = useMutation({
    mutationFn: twoStepApi.setup,
    onSuccess: (enrolment) => setStep({ kind: 'enrolling', enrolment }),
  });
  const enable = useMutation({
    mutationFn: twoStepApi.enable,
    meta: { handlesErrors: true },
    onSuccess: ({ recoveryCodes }) => {
      void message.success(twoStepMessages.enabled);
      settle({ kind: 'codes', codes: recoveryCodes });
    },
  });
  const disable = useMutation({
    mutationFn: twoStepApi.disable,
    meta: { handlesErrors: true },
    onSuccess: () => {
      void message.success(twoStepMessages.disabled);
      settle({ kind: 'idle' });
    },
  });
  const renew = useMutation({
    mutationFn: twoStepApi.renewRecoveryCodes,
    meta: { handlesErrors: true },
    onSuccess: ({ recoveryCodes }) => settle({ kind: 'codes', codes: recoveryCodes }),
  });
  /** The contract's code rule before the server is asked. */
  const withCode = (value: string, send: (code: string) => void) => {
    const parsed = twoStepCodeSchema.safeParse(value);
    setInvalid(parsed.success ? undefined : parsed.error.issues[0]?.message);
    if (parsed.success) send(parsed.data);
  };
  const cancel = () => {
    setInvalid(undefined);
    [enable, disable, renew].forEach((m) => m.reset());
    setStep({ kind: 'idle' });
  };
  const error = invalid ?? errorText(enable.error ?? disable.error ?? renew.error);
  const state = status.data;

  return (
    <SettingSection title={t.section}>
      {state && step.kind !== 'codes' && (
        <Flex gap={8} align="center" wrap>
          <Tag color={state.enabled ? 'green' : 'default'}>{state.enabled ? t.statusOn : t.statusOff}</Tag>
          {state.enabled && (
            <Typography.Text type="secondary">{t.codesLeft(state.recoveryCodesLeft)}</Typography.Text>
          )}
          {state.required && <Typography.Text type="secondary">{t.requiredNote}</Typography.Text>}
        </Flex>
      )}
      {state && step.kind === 'idle' && (
        <Flex gap={8} wrap>
          {!state.enabled && (
            <Button onClick={() => setup.mutate()} loading={setup.isPending}>
              {t.turnOn}
            </Button>
          )}
          {state.enabled && <Button onClick={() => setStep({ kind: 'renewing' })}>{t.renewCodes}</Button>}
          {state.enabled && !state.required && (
            <Button danger onClick={() => setStep({ kind: 'disabling' })}>
              {t.turnOff}
            </Button>
          )}
        </Flex>
      )}
      {step.kind === 'enrolling' && (
        <Flex vertical gap={8}>
          <Typography.Text>{t.appNote}</Typography.Text>
          <TotpEnrolment enrolment={step.enrolment} size={160} />
          <ProofLine
            placeholder={t.codePlaceholder}
            submitLabel={t.confirm}
            pending={enable.isPending}
            onSubmit={(value) => withCode(value, (code) => enable.mutate(code))}
            onCancel={cancel}
          />
        </Flex>
      )}
      {step.kind === 'disabling' && (
        <ProofLine
          placeholder={t.offProof}
          submitLabel={t.turnOff}
          password
          pending={disable.isPending}
          onSubmit={(value) => {
            // A six-digit or recovery code is a code; anything else is the password (its rule needs a symbol).
            const code = twoStepCodeSchema.safeParse(value);
            if (!value) setInvalid(twoStepMessages.proofRequired);
            else disable.mutate(code.success ? { code: code.data } : { password: value });
          }}
          onCancel={cancel}
        />
      )}
      {step.kind === 'renewing' && (
        <Flex vertical gap={4}>
          <Typography.Text type="secondary">{t.renewNote}</Typography.Text>
          <ProofLine
            placeholder={t.codePlaceholder}
            submitLabel={t.renewCodes}
            pending={renew.isPending}
            onSubmit={(value) => withCode(value, (code) => renew.mutate(code))}
            onCancel={cancel}
          />
        </Flex>
      )}
      {step.kind === 'codes' && (
        <RecoveryCodes codes={step.codes} doneLabel={t.done} onDone={() => setStep({ kind: 'idle' })} />
      )}
      {error && (
        <Typography.Text type="danger" role="alert">
          {error}
        </Typography.Text>
      )}
    </SettingSection>
  );
}
