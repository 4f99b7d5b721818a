import { PhoneFilled } from '@ant-design/icons';
import type { LoginRequest } from '@tsunagu/contract/auth';
import { messages } from '@tsunagu/contract/messages';
import { Alert, Button } from 'antd';
import type { TwoStepChallenge } from '@tsunagu/contract/two-step';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { paths } from '../../shared/paths';
import { ja } from '../../shared/i18n/ja';
import { takeReturnUrl } from '../../shared/session/return-url';
import { getSession, signedOutReason } from '../../shared/session/session-store';
import { onSessionAdopted } from '../../shared/session/tab-session';
import { DemoAccounts } from './demo-accounts';
import { LoginField } from './login-field';
import { isSessionMax, loginErrorMessage, useLogin } from './login';
import styles from './login-page.module.css';
import { useLoginForm } from './use-login-form';

// Only accounts with two-step sign-in reach it: its code (authenticator set-up, recovery codes) stays off /login.
const SecondStep = lazy(() => import('./second-step').then((m) => ({ default: m.SecondStep })));

/** Sign-in with ID and password; on success back to where a 401 or deep link left off, else /dashboard. */
export function LoginPage() {
  const navigate = useNavigate();
  const login = useLogin();
  // Who or what ended the previous session (a forced sign-out), until the next sign-in.
  const [signedOut] = useState(signedOutReason);
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
  const form = useLoginForm(({ username, password }) => send({ username, password }));
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
          <Suspense>
            <SecondStep
              challenge={challenge}
              onSignedIn={enter}
              onBack={() => {
                setChallenge(null);
                login.reset();
              }}
            />
          </Suspense>
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
            <form onSubmit={form.submit} noValidate>
              <LoginField
                id="login-username"
                label={ja.login.id}
                autoComplete="username"
                autoFocus
                {...form.field('username')}
              />
              <LoginField
                id="login-password"
                label={ja.login.password}
                type="password"
                autoComplete="current-password"
                {...form.field('password')}
              />
              <Button type="primary" htmlType="submit" size="middle" block loading={login.isPending}>
                {ja.login.submit}
              </Button>
            </form>
            <DemoAccounts
              onPick={(account) => form.fill({ username: account.id, password: account.password })}
            />
          </>
        )}
      </div>
    </main>
  );
}
