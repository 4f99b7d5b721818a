import { zodResolver } from '@hookform/resolvers/zod';
import { passwordChangeSchema, type PasswordChange } from '@tsunagu/contract/auth';
import { ApiError } from '@tsunagu/contract/envelope';
import { messages } from '@tsunagu/contract/messages';
import { useMutation } from '@tanstack/react-query';
import { App, Button, Flex, Input, Space, Typography } from 'antd';
import { Controller, useForm } from 'react-hook-form';
import { ja } from '../../shared/i18n/ja';
import { SettingSection } from './setting-section';
import { saveUser } from './user-save';

const t = ja.panel.settings;

/**
 * Password change: the current password and the new one (the contract's rules), then POST /v1/user.
 * The server checks the current password and ends the user's other sessions.
 */
export function PasswordForm({ userUuid }: { userUuid: string }) {
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
    },
  });
  const serverError =
    save.error instanceof ApiError ? save.error.message : save.error && messages.serverError;
  const error =
    formState.errors.currentPassword?.message ?? formState.errors.newPassword?.message ?? serverError;

  return (
    <SettingSection title={t.password}>
      <form onSubmit={handleSubmit((change) => save.mutate(change))} noValidate>
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
                status={formState.errors.currentPassword || serverError ? 'error' : undefined}
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
                  status={formState.errors.newPassword ? 'error' : undefined}
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
