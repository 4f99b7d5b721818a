import {
  extensionCreateError,
  extensionCreateRequestSchema,
  type ExtensionCreateRequest,
} from '@tsunagu/contract/pbx/extension';
import { Input } from 'antd';
import { useCallback, useId } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { extensionsJa } from './extensions.ja';
import { checkAgainstContract } from '../../shared/ui/contract-check';
import { FormDialog } from '../../shared/ui/form-dialog';
import { bind, FormField } from '../../shared/ui/form-field';
import { NumberInput } from '../../shared/ui/number-input';
import { useDialogSubmit } from '../../shared/ui/use-dialog-submit';
import { useCreateExtension } from './create-extension';

const t = extensionsJa;

export interface ExtensionCreateDialogProps {
  /** The numbers already listed, for the duplicate rule (the server also knows ring groups and IVRs). */
  usedNumbers: readonly string[];
  /** Receives the new extension's number and its generated password. */
  onCreated: (extension: string, password: string) => void;
  onClose: () => void;
}

/** Adding an extension (tenant and provider administrators): number and display name. */
export function ExtensionCreateDialog({ usedNumbers, onCreated, onClose }: ExtensionCreateDialogProps) {
  const id = useId();
  const { control, handleSubmit } = useForm<ExtensionCreateRequest>({
    defaultValues: { extension: '', effectiveCallerIdName: '' },
  });
  const create = useCreateExtension();
  const { mutateAsync } = create;
  const save = useCallback(
    async (request: ExtensionCreateRequest) => {
      const created = await mutateAsync(request);
      onCreated(created.extension?.extension ?? request.extension.trim(), created.password);
    },
    [mutateAsync, onCreated],
  );
  const submit = useDialogSubmit(save, onClose);
  const onSave = handleSubmit((values) =>
    submit(
      checkAgainstContract(extensionCreateRequestSchema, values, (payload) =>
        extensionCreateError(payload, usedNumbers),
      ),
    ),
  );

  return (
    <FormDialog
      title={t.createTitle}
      saving={create.isPending}
      onSave={() => void onSave()}
      onClose={onClose}
    >
      <FormField label={t.extension} htmlFor={`${id}-extension`} required>
        <Controller
          control={control}
          name="extension"
          render={({ field }) => (
            <NumberInput
              id={`${id}-extension`}
              {...bind(field)}
              maxLength={4}
              placeholder={t.numberPlaceholder}
            />
          )}
        />
      </FormField>
      <FormField label={t.name} htmlFor={`${id}-name`} required>
        <Controller
          control={control}
          name="effectiveCallerIdName"
          render={({ field }) => <Input id={`${id}-name`} {...bind(field)} maxLength={50} />}
        />
      </FormField>
    </FormDialog>
  );
}
