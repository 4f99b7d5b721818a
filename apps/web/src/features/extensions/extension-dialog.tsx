import {
  DO_NOT_DISTURB_OPTIONS,
  extensionSaveError,
  extensionSaveRequestSchema,
  type Extension,
  type ExtensionSaveRequest,
} from '@tsunagu/contract/pbx/extension';
import { ENABLED_OPTIONS } from '@tsunagu/contract/pbx/shared';
import { Button, Input, Select } from 'antd';
import { useId, useMemo } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { extensionsJa } from './extensions.ja';
import { useTenantDirectory } from '../../shared/session/tenant-directory';
import { useConfirm } from '../../shared/ui/confirm';
import { checkAgainstContract } from '../../shared/ui/contract-check';
import { FormDialog } from '../../shared/ui/form-dialog';
import { bind, FormField } from '../../shared/ui/form-field';
import { useNotices } from '../../shared/ui/notices';
import { NumberInput } from '../../shared/ui/number-input';
import { useDialogSubmit } from '../../shared/ui/use-dialog-submit';
import { useResetExtensionPassword } from './reset-extension-password';
import { useSaveExtension } from './save-extension';

const t = extensionsJa;

/** 'Extension registration' (内線登録, spec 2.6): caller number, status, do-not-disturb and forward. */
export function ExtensionDialog({
  extension,
  onClose,
  onPasswordReset,
}: {
  extension: Extension;
  onClose: () => void;
  /** Administrators only: offers パスワード再発行 and is given the new password. */
  onPasswordReset?: (password: string) => void;
}) {
  const reset = useResetExtensionPassword();
  const confirm = useConfirm();
  const notices = useNotices();
  const resetPassword = async () => {
    if (!onPasswordReset || !(await confirm(t.resetConfirm))) return;
    try {
      onPasswordReset((await reset.mutateAsync(extension.extensionUuid)).password);
    } catch (error) {
      notices.failed(error);
    }
  };
  const id = useId();
  const gwList = useTenantDirectory()?.gwList;
  const gateways = useMemo(() => (gwList ?? []).map((g) => g.gateway), [gwList]);
  const callerOptions = [
    { value: '', label: t.callerNumberNone },
    ...gateways.map((gateway) => ({ value: gateway, label: gateway })),
  ];
  const { control, handleSubmit } = useForm<ExtensionSaveRequest>({
    defaultValues: {
      extensionUuid: extension.extensionUuid,
      outboundCallerIdNumber: extension.outboundCallerIdNumber,
      enabled: extension.enabled,
      doNotDisturb: extension.doNotDisturb,
      forwardAllDestination: extension.forwardAllDestination,
    },
  });
  const save = useSaveExtension();
  const submit = useDialogSubmit(save.mutateAsync, onClose);
  const onSave = handleSubmit((values) =>
    submit(
      checkAgainstContract(extensionSaveRequestSchema, values, (payload) =>
        extensionSaveError(payload, gateways),
      ),
    ),
  );

  return (
    <FormDialog title={t.editTitle} saving={save.isPending} onSave={() => void onSave()} onClose={onClose}>
      <FormField label={t.extension} htmlFor={`${id}-extension`}>
        <Input id={`${id}-extension`} value={extension.extension} readOnly variant="filled" />
      </FormField>
      <FormField label={t.name} htmlFor={`${id}-name`}>
        <Input id={`${id}-name`} value={extension.effectiveCallerIdName} readOnly variant="filled" />
      </FormField>
      <FormField label={t.callerNumber} htmlFor={`${id}-caller`}>
        <Controller
          control={control}
          name="outboundCallerIdNumber"
          render={({ field }) => <Select id={`${id}-caller`} {...bind(field)} options={callerOptions} />}
        />
      </FormField>
      <FormField label={t.status} htmlFor={`${id}-status`} required>
        <Controller
          control={control}
          name="enabled"
          render={({ field }) => (
            <Select id={`${id}-status`} {...bind(field)} options={[...ENABLED_OPTIONS]} />
          )}
        />
      </FormField>
      <FormField label={t.doNotDisturb} htmlFor={`${id}-dnd`} required>
        <Controller
          control={control}
          name="doNotDisturb"
          render={({ field }) => (
            <Select id={`${id}-dnd`} {...bind(field)} options={[...DO_NOT_DISTURB_OPTIONS]} />
          )}
        />
      </FormField>
      <FormField label={t.forward} htmlFor={`${id}-forward`}>
        <Controller
          control={control}
          name="forwardAllDestination"
          render={({ field }) => (
            <NumberInput
              id={`${id}-forward`}
              {...bind(field)}
              maxLength={12}
              placeholder={t.forwardPlaceholder}
            />
          )}
        />
      </FormField>
      {onPasswordReset && (
        <FormField label={t.password}>
          <Button loading={reset.isPending} onClick={() => void resetPassword()}>
            {t.reset}
          </Button>
        </FormField>
      )}
    </FormDialog>
  );
}
