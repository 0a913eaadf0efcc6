import type { ComponentPropsWithRef } from 'react';

type Props = ComponentPropsWithRef<'input'> & { id: string; label: string; error?: string };

/** A labelled input with its error message underneath, wired for screen readers. */
export function TextField({ id, label, error, ...input }: Props) {
  return (
    <div>
      <label htmlFor={id} className="mb-1 block text-sm font-medium">{label}</label>
      <input id={id} className="input-field" aria-invalid={Boolean(error)} aria-describedby={`${id}-error`} {...input} />
      <p id={`${id}-error`} className="field-error">{error}</p>
    </div>
  );
}
