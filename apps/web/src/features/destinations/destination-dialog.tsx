import {
  destinationSaveError,
  destinationSaveRequestSchema,
  dialplanNumberOf,
  type Destination,
  type DestinationCreateRequest,
  type DialplanChoice,
} from '@tsunagu/contract/pbx/destination';
import { ENABLED_OPTIONS } from '@tsunagu/contract/pbx/shared';
import { Input, Select } from 'antd';
import { useCallback, useId } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { ja } from '../../shared/i18n/ja';
import { useDomainUuid } from '../../shared/pbx/pbx-query';
import { checkAgainstContract } from '../../shared/ui/contract-check';
import { FormDialog } from '../../shared/ui/form-dialog';
import { bind, FormField } from '../../shared/ui/form-field';
import { NumberInput } from '../../shared/ui/number-input';
import { useDialogSubmit } from '../../shared/ui/use-dialog-submit';
import { useCreateDestination } from './create-destination';
import { useSaveDestination } from './save-destination';

const t = ja.pbx.destination;
const createSchema = destinationSaveRequestSchema.omit({ id: true });

interface DestinationForm {
  destinationNumber: string;
  destinationCidNamePrefix: string;
  destinationDataNum: string | null;
  destinationEnabled: string | null;
}

export interface DestinationDialogProps {
  /** The number to edit, or null for a new one (provider administrators). */
  destination: Destination | null;
  dialplans: readonly DialplanChoice[];
  onClose: () => void;
}

/** The incoming-number dialog (spec 2.10): display name, business hours (required) and status (required). */
export function DestinationDialog({ destination, dialplans, onClose }: DestinationDialogProps) {
  const id = useId();
  const domainUuid = useDomainUuid();
  const dialplanNumbers = dialplans.map((d) => d.dialplanNumber);
  const { control, handleSubmit } = useForm<DestinationForm>({
    defaultValues: {
      destinationNumber: destination?.destinationNumber ?? '',
      destinationCidNamePrefix: destination?.destinationCidNamePrefix ?? '',
      destinationDataNum: destination ? dialplanNumberOf(destination.destinationData) || null : null,
      destinationEnabled: destination?.destinationEnabled ?? 'true',
    },
  });
  const save = useSaveDestination();
  const create = useCreateDestination();
  const { mutateAsync: createAsync } = create;
  const createIn = useCallback(
    (request: Omit<DestinationCreateRequest, 'domainUuid'>) => createAsync({ ...request, domainUuid }),
    [createAsync, domainUuid],
  );
  const submitEdit = useDialogSubmit(save.mutateAsync, onClose);
  const submitCreate = useDialogSubmit(createIn, onClose);

  const onSave = handleSubmit(({ destinationNumber, ...values }) => {
    if (destination) {
      const request = { ...values, id: destination.id };
      return submitEdit(
        checkAgainstContract(destinationSaveRequestSchema, request, (payload) =>
          destinationSaveError(payload, dialplanNumbers),
        ),
      );
    }
    // The rule reads only the schedule and the status; a new number has no id yet.
    const check = checkAgainstContract(createSchema, values, (payload) =>
      destinationSaveError({ ...payload, id: '' }, dialplanNumbers),
    );
    return submitCreate(
      check.error === undefined ? { payload: { ...check.payload, destinationNumber } } : check,
    );
  });

  return (
    <FormDialog
      title={destination ? t.editTitle : t.createTitle}
      saving={save.isPending || create.isPending}
      onSave={() => void onSave()}
      onClose={onClose}
    >
      <FormField label={t.number} htmlFor={`${id}-number`} required={!destination}>
        <Controller
          control={control}
          name="destinationNumber"
          render={({ field }) =>
            destination ? (
              <Input id={`${id}-number`} value={field.value} readOnly variant="filled" />
            ) : (
              <NumberInput
                id={`${id}-number`}
                {...bind(field)}
                maxLength={21}
                placeholder={t.numberPlaceholder}
              />
            )
          }
        />
      </FormField>
      <FormField label={t.name} htmlFor={`${id}-name`}>
        <Controller
          control={control}
          name="destinationCidNamePrefix"
          render={({ field }) => <Input id={`${id}-name`} {...bind(field)} maxLength={100} />}
        />
      </FormField>
      <FormField label={t.schedule} htmlFor={`${id}-schedule`} required>
        <Controller
          control={control}
          name="destinationDataNum"
          render={({ field }) => (
            <Select
              id={`${id}-schedule`}
              {...bind(field)}
              value={field.value ?? undefined}
              allowClear
              placeholder={ja.pbx.dialog.selectPlaceholder}
              options={dialplans.map((d) => ({ value: d.dialplanNumber, label: d.dialplanName }))}
              onChange={(value?: string) => field.onChange(value ?? null)}
            />
          )}
        />
      </FormField>
      <FormField label={t.status} htmlFor={`${id}-status`} required>
        <Controller
          control={control}
          name="destinationEnabled"
          render={({ field }) => (
            <Select
              id={`${id}-status`}
              {...bind(field)}
              value={field.value ?? undefined}
              placeholder={ja.pbx.dialog.selectPlaceholder}
              options={[...ENABLED_OPTIONS]}
            />
          )}
        />
      </FormField>
    </FormDialog>
  );
}
