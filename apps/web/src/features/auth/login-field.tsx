import type { InputHTMLAttributes } from 'react';
import styles from './login-page.module.css';

interface LoginFieldProps extends InputHTMLAttributes<HTMLInputElement> {
  id: string;
  label: string;
  /** The validation message, shown under the input. */
  error: string | undefined;
}

/** A required, labelled input with its validation message. */
export function LoginField({ id, label, error, ...input }: LoginFieldProps) {
  const errorId = `${id}-error`;
  return (
    <div className={styles.field}>
      <label htmlFor={id} className={styles.label}>
        {label}
      </label>
      <input
        id={id}
        className={styles.input}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        {...input}
      />
      {error && (
        <div id={errorId} className={styles.error}>
          {error}
        </div>
      )}
    </div>
  );
}
