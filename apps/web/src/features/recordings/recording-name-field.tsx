import type { RecordingSaveRequest } from '@tsunagu/contract/pbx/recording';
import { Input } from 'antd';
import { useId } from 'react';
import { Controller, type Control } from 'react-hook-form';
import { recordingsJa } from './recordings.ja';
import { bind, FormField } from '../../shared/ui/form-field';

/** The recording's name (required, up to 100 characters): what Upload and Edit both ask for. */
export function RecordingNameField({ control }: { control: Control<RecordingSaveRequest> }) {
  const id = `${useId()}-name`;
  return (
    <FormField label={recordingsJa.name} htmlFor={id} required>
      <Controller
        control={control}
        name="recordingName"
        render={({ field }) => <Input id={id} {...bind(field)} maxLength={100} />}
      />
    </FormField>
  );
}
