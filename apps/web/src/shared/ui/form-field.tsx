import { Form } from 'antd';
import type { ReactNode } from 'react';
import type { ControllerRenderProps, FieldPath, FieldValues } from 'react-hook-form';
import { ja } from '../i18n/ja';

export interface FormFieldProps {
  label: string;
  /** The id of the input, so that the label names it. */
  htmlFor?: string;
  /** Marks the field with ※ (the rules themselves run on save, from the contract). */
  required?: boolean;
  /** A line of help under the input. */
  help?: ReactNode;
  children: ReactNode;
}

/** One labelled row of a registration dialog. */
export function FormField({ label, htmlFor, required, help, children }: FormFieldProps) {
  return (
    <Form.Item
      htmlFor={htmlFor}
      extra={help}
      style={{ marginBottom: 12 }}
      label={
        <span>
          {label}
          {required && (
            <span aria-hidden style={{ color: '#cf1322', marginLeft: 4 }}>
              {ja.pbx.dialog.required}
            </span>
          )}
        </span>
      }
    >
      {children}
    </Form.Item>
  );
}

/** The props an antd input takes from a react-hook-form field (its ref stays with the form). */
export function bind<F extends FieldValues, N extends FieldPath<F>>(field: ControllerRenderProps<F, N>) {
  return { value: field.value, onChange: field.onChange, onBlur: field.onBlur };
}
