import { zodResolver } from '@hookform/resolvers/zod';
import { passwordSchema } from '@tsunagu/contract/auth';
import { messages } from '@tsunagu/contract/messages';
import { useMutation } from '@tanstack/react-query';
import { App, Button, Input, Space, Typography } from 'antd';
import { Controller, useForm } from 'react-hook-form';
import { z } from 'zod';
import { ja } from '../../shared/i18n/ja';
import { SettingSection } from './setting-section';
import { saveUser } from './user-save';

const t = ja.panel.settings;
const passwordFormSchema = z.object({ newPassword: passwordSchema });
type PasswordForm = z.infer<typeof passwordFormSchema>;

/** Password change: the contract's password rule, then POST /v1/user with the new password. */
export function PasswordForm({ userUuid }: { userUuid: string }) {
  const { message } = App.useApp();
  const { control, handleSubmit, reset, formState } = useForm<PasswordForm>({
    resolver: zodResolver(passwordFormSchema),
    defaultValues: { newPassword: '' },
  });
  const save = useMutation({
    mutationFn: (password: string) => saveUser({ userUuid, userCredentials: { password } }),
    onSuccess: (msg) => {
      reset();
      void message.success(msg || messages.changed);
    },
  });
  const error = formState.errors.newPassword?.message;

  return (
    <SettingSection title={t.password}>
      <form onSubmit={handleSubmit(({ newPassword }) => save.mutate(newPassword))} noValidate>
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
                status={error ? 'error' : undefined}
              />
            )}
          />
          <Button type="primary" htmlType="submit" loading={save.isPending}>
            {t.change}
          </Button>
        </Space.Compact>
      </form>
      {error && (
        <Typography.Text type="danger" role="alert">
          {error}
        </Typography.Text>
      )}
    </SettingSection>
  );
}
