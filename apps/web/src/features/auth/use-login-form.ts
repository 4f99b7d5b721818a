import { loginRequestSchema, type LoginRequest } from '@tsunagu/contract/auth';
import { useState, type FormEvent } from 'react';
import type { z } from 'zod';

type LoginForm = Required<Pick<z.input<typeof loginRequestSchema>, 'username' | 'password'>>;
type LoginErrors = Partial<Record<keyof LoginForm, string>>;

/**
 * The form checked by the contract's schema: on submit, then on every change once a submit failed (as
 * the PBX forms do). Two fields need no form library, and /login loads none.
 */
export function useLoginForm(onValid: (request: LoginRequest) => void) {
  const [values, setValues] = useState<LoginForm>({ username: '', password: '' });
  const [errors, setErrors] = useState<LoginErrors | null>(null);
  const check = (form: LoginForm) => {
    const parsed = loginRequestSchema.safeParse(form);
    const found: LoginErrors = {};
    for (const issue of parsed.error?.issues ?? []) {
      const field = issue.path[0] as keyof LoginForm;
      found[field] ??= issue.message;
    }
    return { parsed, found };
  };
  const field = (name: keyof LoginForm) => ({
    name,
    value: values[name],
    error: errors?.[name],
    onChange: (event: { target: { value: string } }) => {
      const next = { ...values, [name]: event.target.value };
      setValues(next);
      if (errors) setErrors(check(next).found);
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const { parsed, found } = check(values);
    setErrors(found);
    if (parsed.success) onValid(parsed.data);
  };
  /** Fills both fields (a demo account) and clears the messages. */
  const fill = (form: LoginForm) => {
    setValues(form);
    setErrors(null);
  };
  return { field, submit, fill };
}
