import { isNumberInputKey, sanitizeNumberInput } from '@tsunagu/contract/pbx/dial';
import { Input, type InputProps } from 'antd';
import { useRef, useState } from 'react';

export interface NumberInputProps extends Omit<InputProps, 'value' | 'onChange'> {
  value?: string | null;
  onChange?: (value: string) => void;
}

/**
 * A text input for telephone numbers (spec 5 "Number inputs"): only digits, #, * and space can be typed;
 * pasted text keeps just those characters. Full-width digits typed with the Japanese input method on
 * (１２３) become 123: while the input method composes, its text is shown as typed (rewriting it would
 * break the composition) and cleaned once the composition ends.
 */
export function NumberInput({
  value,
  onChange,
  onKeyDown,
  onCompositionStart,
  onCompositionEnd,
  ...rest
}: NumberInputProps) {
  const [composing, setComposing] = useState<string | null>(null);
  const composingRef = useRef(false);
  return (
    <Input
      {...rest}
      value={composing ?? value ?? ''}
      inputMode="tel"
      onKeyDown={(event) => {
        // Shortcuts (copy, paste, select all) pass; pasted text is cleaned in onChange.
        const composingKey = event.nativeEvent.isComposing || composingRef.current;
        if (
          !composingKey &&
          !event.ctrlKey &&
          !event.metaKey &&
          !event.altKey &&
          !isNumberInputKey(event.key)
        ) {
          event.preventDefault();
        }
        onKeyDown?.(event);
      }}
      onCompositionStart={(event) => {
        composingRef.current = true;
        setComposing(event.currentTarget.value);
        onCompositionStart?.(event);
      }}
      onCompositionEnd={(event) => {
        composingRef.current = false;
        setComposing(null);
        onChange?.(sanitizeNumberInput(event.currentTarget.value));
        onCompositionEnd?.(event);
      }}
      onChange={(event) => {
        if (composingRef.current) setComposing(event.target.value);
        else onChange?.(sanitizeNumberInput(event.target.value));
      }}
    />
  );
}
