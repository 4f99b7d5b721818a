import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { NumberInput } from './number-input';

function Field() {
  const [value, setValue] = useState('');
  return <NumberInput aria-label="番号" value={value} onChange={setValue} />;
}

const field = () => screen.getByRole('textbox', { name: '番号' }) as HTMLInputElement;

describe('NumberInput', () => {
  it('keeps digits, # and * typed directly and drops letters', async () => {
    render(<Field />);
    await userEvent.type(field(), '0a3*1#');
    expect(field().value).toBe('03*1#');
  });

  it('converts full-width digits typed directly in full-width mode (１２３)', async () => {
    render(<Field />);
    await userEvent.type(field(), '１２３');
    expect(field().value).toBe('123');
  });

  it('shows what the input method composes and converts it when the composition ends', () => {
    render(<Field />);
    const input = field();
    const composing = fireEvent.keyDown(input, { key: 'Process', keyCode: 229 });
    expect(composing).toBe(true); // not prevented: the input method gets the key
    fireEvent.compositionStart(input);
    fireEvent.change(input, { target: { value: '１２' } });
    expect(input.value).toBe('１２');
    fireEvent.change(input, { target: { value: '１２３' } });
    fireEvent.compositionEnd(input);
    expect(input.value).toBe('123');
    // Typing on after the composition: the value is the converted one.
    fireEvent.change(input, { target: { value: '1234' } });
    expect(input.value).toBe('1234');
  });
});
