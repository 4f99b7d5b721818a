import { zodResolver } from '@hookform/resolvers/zod';
import { passwordChangeSchema, type PasswordChange } from '@tsunagu/contract/auth';
import { ApiError } from '@tsunagu/contract/envelope';
import { messages } from '@tsunagu/contract/messages';
import { useMutation } from '@tanstack/react-query';
import { App, Button, Flex, Input, Space, Typography } from 'antd';
import type { FormEvent } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { SettingSection } from './setting-section';
import { saveUser } from './user-save';
import { settingsJa } from './settings.ja';

const t = settingsJa;

/**
 * Password change: the current password and the new one (the contract's rules), then POST /v1/user.
 * The server checks the current password and ends the user's other sessions.
 */
export function PasswordForm({ userUuid, onChanged }: { userUuid: string; onChanged?: () => void }) {
  const { message } = App.useApp();
  const { control, handleSubmit, reset, formState } = useForm<PasswordChange>({
    resolver: zodResolver(passwordChangeSchema),
    defaultValues: { currentPassword: '', newPassword: '' },
  });
  const save = useMutation({
    mutationFn: ({ currentPassword, newPassword }: PasswordChange) =>
      saveUser({ userUuid, userCredentials: { password: newPassword, currentPassword } }),
    // A wrong current password is shown next to the fields, not as a toast.
    meta: { handlesErrors: true },
    onSuccess: (msg) => {
      reset();
      void message.success(msg || messages.changed);
      onChanged?.();
    },
  });
  const serverError =
    save.error instanceof ApiError ? save.error.message : save.error && messages.serverError;
  const error =
    formState.errors.currentPassword?.message ?? formState.errors.newPassword?.message ?? serverError;
  const currentInvalid = Boolean(formState.errors.currentPassword || serverError);
  const newInvalid = Boolean(formState.errors.newPassword);
  // A new attempt forgets the last answer: a stale 「現在のパスワードが正しくありません。」 kept the current
  // password marked while the message was about the new one.
  const submit = (event: FormEvent) => {
    save.reset();
    void handleSubmit((change) => save.mutate(change))(event);
  };

  return (
    <SettingSection title={t.password}>
      <form onSubmit={submit} noValidate>
        <Flex vertical gap={4}>
          <Controller
            control={control}
            name="currentPassword"
            render={({ field }) => (
              <Input.Password
                {...field}
                aria-label={t.currentPasswordLabel}
                placeholder={t.currentPasswordLabel}
                autoComplete="current-password"
                status={currentInvalid ? 'error' : undefined}
                aria-invalid={currentInvalid}
              />
            )}
          />
          <Space.Compact style={{ width: '100%' }}>
            <Controller
              control={control}
              name="newPassword"
              render={({ field }) => (
                <Input.Password
                  {...field}
                  aria-label={t.passwordLabel}
                  placeholder={t.passwordLabel}
                  autoComplete="new-password"
                  status={newInvalid ? 'error' : undefined}
                  aria-invalid={newInvalid}
                />
              )}
            />
            <Button type="primary" htmlType="submit" loading={save.isPending}>
              {t.change}
            </Button>
          </Space.Compact>
        </Flex>
      </form>
      {error && (
        <Typography.Text type="danger" role="alert">
          {error}
        </Typography.Text>
      )}
    </SettingSection>
  );
}
