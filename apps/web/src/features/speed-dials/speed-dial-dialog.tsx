import { PHONE_EXAMPLE } from '@tsunagu/contract/pbx/shared';
import {
  SPEED_DIAL_GROUP,
  SPEED_DIAL_NUMBER_PLACEHOLDER,
  speedDialSaveError,
  speedDialSaveRequestSchema,
  type SpeedDial,
  type SpeedDialSaveRequest,
} from '@tsunagu/contract/pbx/speed-dial';
import { Input } from 'antd';
import { useId } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { speedDialsJa } from './speed-dials.ja';
import { useDomainUuid } from '../../shared/pbx/pbx-query';
import { checkAgainstContract } from '../../shared/ui/contract-check';
import { FormDialog } from '../../shared/ui/form-dialog';
import { bind, FormField } from '../../shared/ui/form-field';
import { NumberInput } from '../../shared/ui/number-input';
import { useDialogSubmit } from '../../shared/ui/use-dialog-submit';
import { useSaveSpeedDial } from './save-speed-dial';

const t = speedDialsJa;

export interface SpeedDialDialogProps {
  /** The entry to edit, or null for a new one. */
  entry: SpeedDial | null;
  /** The tenant's entries, for the duplicate-number rule. */
  existing: readonly SpeedDial[];
  onClose: () => void;
}

/** Speed-dial registration (spec 2.11): number 01–99 (fixed once saved), phone number and memo. */
export function SpeedDialDialog({ entry, existing, onClose }: SpeedDialDialogProps) {
  const id = useId();
  const domainUuid = useDomainUuid();
  const { control, handleSubmit } = useForm<SpeedDialSaveRequest>({
    defaultValues: {
      commUuid: entry?.commUuid ?? null,
      domainUuid,
      commGroup: SPEED_DIAL_GROUP,
      commName: entry?.commName ?? '',
      commSub1: entry?.commSub1 ?? '',
      commSub2: entry?.commSub2 ?? '',
    },
  });
  const save = useSaveSpeedDial();
  const submit = useDialogSubmit(save.mutateAsync, onClose);
  const onSave = handleSubmit((values) =>
    submit(
      checkAgainstContract(speedDialSaveRequestSchema, values, (payload) =>
        speedDialSaveError(payload, existing),
      ),
    ),
  );

  return (
    <FormDialog title={t.dialogTitle} saving={save.isPending} onSave={() => void onSave()} onClose={onClose}>
      <FormField label={t.number} htmlFor={`${id}-number`} required>
        <Controller
          control={control}
          name="commName"
          render={({ field }) => (
            <NumberInput
              id={`${id}-number`}
              {...bind(field)}
              maxLength={2}
              placeholder={SPEED_DIAL_NUMBER_PLACEHOLDER}
              disabled={entry !== null}
            />
          )}
        />
      </FormField>
      <FormField label={t.phone} htmlFor={`${id}-phone`} required>
        <Controller
          control={control}
          name="commSub1"
          render={({ field }) => (
            <NumberInput id={`${id}-phone`} {...bind(field)} maxLength={32} placeholder={PHONE_EXAMPLE} />
          )}
        />
      </FormField>
      <FormField label={t.memo} htmlFor={`${id}-memo`}>
        <Controller
          control={control}
          name="commSub2"
          render={({ field }) => (
            <Input id={`${id}-memo`} {...bind(field)} value={field.value ?? ''} maxLength={255} />
          )}
        />
      </FormField>
    </FormDialog>
  );
}
