import { isNumberInputKey, sanitizeNumberInput } from '@tsunagu/contract/pbx/dial';
import { Input, type InputProps } from 'antd';

export interface NumberInputProps extends Omit<InputProps, 'value' | 'onChange'> {
  value?: string | null;
  onChange?: (value: string) => void;
}

/**
 * A text input for telephone numbers (spec 5 "Number inputs"): only digits, #, * and space can be typed;
 * pasted text keeps just those characters.
 */
export function NumberInput({ value, onChange, onKeyDown, ...rest }: NumberInputProps) {
  return (
    <Input
      {...rest}
      value={value ?? ''}
      inputMode="tel"
      onKeyDown={(event) => {
        // Shortcuts (copy, paste, select all) pass; pasted text is cleaned in onChange.
        if (!event.ctrlKey && !event.metaKey && !event.altKey && !isNumberInputKey(event.key)) {
          event.preventDefault();
        }
        onKeyDown?.(event);
      }}
      onChange={(event) => onChange?.(sanitizeNumberInput(event.target.value))}
    />
  );
}
