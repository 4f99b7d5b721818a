import { ApiError } from '@tsunagu/contract/envelope';
import { messages } from '@tsunagu/contract/messages';
import { twoStepCodeSchema, type TwoStepChallenge } from '@tsunagu/contract/two-step';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Alert, Button } from 'antd';
import { useState, type FormEvent } from 'react';
import { jaTwoStep as t } from '../../shared/i18n/ja-two-step';
import { RecoveryCodes } from '../../shared/ui/recovery-codes';
import { TotpEnrolment } from '../../shared/ui/totp-enrolment';
import { isSessionMax, loginSecondStep, loginTwoStepSetup } from './login';
import { LoginField } from './login-field';
import styles from './login-page.module.css';

/** What the second step shows for a failure: the server's own words, 'sesion-max' as the spec says it. */
function secondStepError(error: unknown): string {
  if (isSessionMax(error)) return messages.sessionMaxShown;
  if (error instanceof ApiError && error.status < 500) return error.message;
  return messages.serverError;
}

/**
 * The sign-in's second step: a code from the authenticator app (or a recovery code), or — where two-step
 * sign-in is required and not set up yet — registering the app first, then the recovery codes once.
 */
export function SecondStep({
  challenge,
  onSignedIn,
  onBack,
}: {
  challenge: TwoStepChallenge;
  onSignedIn: () => void;
  onBack: () => void;
}) {
  const setup = challenge.mode === 'setup';
  const enrolment = useQuery({
    queryKey: ['login-two-step-setup', challenge.ticket],
    queryFn: () => loginTwoStepSetup(challenge.ticket),
    enabled: setup,
    staleTime: Infinity,
    retry: false,
    meta: { handlesErrors: true },
  });
  const [code, setCode] = useState('');
  const [invalid, setInvalid] = useState<string | undefined>();
  const [recoveryCodes, setRecoveryCodes] = useState<string[] | null>(null);
  const send = useMutation({
    mutationFn: ({ code, endOldestSession }: { code: string; endOldestSession?: boolean }) =>
      loginSecondStep({ ticket: challenge.ticket, code, ...(endOldestSession ? { endOldestSession } : {}) }),
    meta: { handlesErrors: true },
    onSuccess: ({ recoveryCodes: codes }) => (codes ? setRecoveryCodes(codes) : onSignedIn()),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = twoStepCodeSchema.safeParse(code);
    setInvalid(parsed.success ? undefined : parsed.error.issues[0]?.message);
    if (parsed.success) send.mutate({ code: parsed.data });
  };

  if (recoveryCodes) return <RecoveryCodes codes={recoveryCodes} onDone={onSignedIn} />;
  const failure = send.error ?? enrolment.error;
  return (
    <section aria-label={setup ? t.setupHeading : t.verifyHeading} className={styles.step}>
      <strong>{setup ? t.setupHeading : t.verifyHeading}</strong>
      <p className={styles.note}>{setup ? `${t.setupNote}${t.appNote}` : t.verifyNote}</p>
      {setup && enrolment.data && <TotpEnrolment enrolment={enrolment.data} />}
      {failure && <Alert type="error" showIcon title={secondStepError(failure)} role="alert" />}
      {isSessionMax(send.error) && (
        <Button
          block
          onClick={() => send.mutate({ code: twoStepCodeSchema.parse(code), endOldestSession: true })}
        >
          {messages.endOldestSession}
        </Button>
      )}
      <form onSubmit={submit} noValidate>
        <LoginField
          id="login-code"
          label={t.code}
          autoComplete="one-time-code"
          inputMode={setup ? 'numeric' : 'text'}
          autoFocus
          value={code}
          onChange={(event) => setCode(event.target.value)}
          error={invalid}
        />
        <Button type="primary" htmlType="submit" block loading={send.isPending}>
          {setup ? t.setupSubmit : t.verify}
        </Button>
      </form>
      <Button type="link" onClick={onBack}>
        {t.back}
      </Button>
    </section>
  );
}
