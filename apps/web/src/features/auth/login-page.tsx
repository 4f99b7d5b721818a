import { PhoneFilled } from '@ant-design/icons';
import { zodResolver } from '@hookform/resolvers/zod';
import { loginRequestSchema, type LoginRequest } from '@tsunagu/contract/auth';
import { messages } from '@tsunagu/contract/messages';
import { Alert, Button } from 'antd';
import type { TwoStepChallenge } from '@tsunagu/contract/two-step';
import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import type { z } from 'zod';
import { paths } from '../../shared/paths';
import { ja } from '../../shared/i18n/ja';
import { takeReturnUrl } from '../../shared/session/return-url';
import { getSession, signedOutReason } from '../../shared/session/session-store';
import { onSessionAdopted } from '../../shared/session/tab-session';
import { DemoAccounts } from './demo-accounts';
import { LoginField } from './login-field';
import { isSessionMax, loginErrorMessage, useLogin } from './login';
import { SecondStep } from './second-step';
import styles from './login-page.module.css';

type LoginForm = z.input<typeof loginRequestSchema>;

/** Sign-in with ID and password; on success back to where a 401 or deep link left off, else /dashboard. */
export function LoginPage() {
  const navigate = useNavigate();
  const login = useLogin();
  // Who or what ended the previous session (a forced sign-out), until the next sign-in.
  const [signedOut] = useState(signedOutReason);
  const { register, handleSubmit, setValue, clearErrors, formState } = useForm<
    LoginForm,
    unknown,
    LoginRequest
  >({
    resolver: zodResolver(loginRequestSchema),
    defaultValues: { username: '', password: '' },
  });
  const { errors } = formState;

  // A password accepted for an account with two-step sign-in: the second step replaces the form.
  const [challenge, setChallenge] = useState<TwoStepChallenge | null>(null);
  // The address to return to belongs to the user it was stored for.
  const enter = () =>
    navigate(takeReturnUrl(sent.current?.username ?? '') ?? paths.dashboard.href(), { replace: true });
  // Signed in in another tab of this browser meanwhile: this tab shares that session and enters too.
  useEffect(
    () =>
      onSessionAdopted(() => {
        const user = getSession()?.user.user.id;
        if (user) navigate(takeReturnUrl(user) ?? paths.dashboard.href(), { replace: true });
      }),
    [navigate],
  );
  // What was last sent, so the offer to end the oldest session re-sends exactly that.
  const sent = useRef<LoginRequest | null>(null);
  const send = (credentials: LoginRequest) => {
    sent.current = credentials;
    login.mutate(credentials, {
      onSuccess: (outcome) => (outcome.challenge ? setChallenge(outcome.challenge) : enter()),
    });
  };
  const submit = handleSubmit(({ username, password }) => send({ username, password }));
  // Sessions held by closed tabs: the user may end the oldest one instead of waiting for it to expire.
  const endOldest = () => sent.current && send({ ...sent.current, endOldestSession: true });

  return (
    <main className={styles.page}>
      <div className={styles.panel}>
        <div className={styles.brand}>
          <h1>
            <PhoneFilled /> {ja.appName}
          </h1>
          <p>{ja.login.heading}</p>
        </div>
        {challenge ? (
          <SecondStep
            challenge={challenge}
            onSignedIn={enter}
            onBack={() => {
              setChallenge(null);
              login.reset();
            }}
          />
        ) : (
          <>
            {signedOut && !login.error && <Alert type="warning" showIcon title={signedOut} role="status" />}
            {login.error && (
              <Alert type="error" showIcon title={loginErrorMessage(login.error)} role="alert" />
            )}
            {/* Below the alert at the form's width: inside it, the label did not fit at 380 px. */}
            {isSessionMax(login.error) && (
              <Button block onClick={endOldest}>
                {messages.endOldestSession}
              </Button>
            )}
            <form onSubmit={submit} noValidate>
              <LoginField
                id="login-username"
                label={ja.login.id}
                autoComplete="username"
                autoFocus
                error={errors.username?.message}
                {...register('username')}
              />
              <LoginField
                id="login-password"
                label={ja.login.password}
                type="password"
                autoComplete="current-password"
                error={errors.password?.message}
                {...register('password')}
              />
              <Button type="primary" htmlType="submit" size="middle" block loading={login.isPending}>
                {ja.login.submit}
              </Button>
            </form>
            <DemoAccounts
              onPick={(account) => {
                setValue('username', account.id);
                setValue('password', account.password);
                clearErrors();
              }}
            />
          </>
        )}
      </div>
    </main>
  );
}
