import type { ReactNode } from 'react';
import { Label } from '../../components/ui/Field';

type Props = { id: string; label: string; required?: boolean; error?: string; hint?: ReactNode; children: ReactNode };

/** A labelled control with its hint and, once shown, its error (the spec's words). */
export function FormField({ id, label, required, error, hint, children }: Props) {
  return (
    <div>
      <Label htmlFor={id}>
        {label}
        {required && <span className="text-red-500" aria-hidden> *</span>}
      </Label>
      {children}
      {hint && !error && <p className="mt-1 text-xs text-muted">{hint}</p>}
      {error && <FieldError id={id} message={error} />}
    </div>
  );
}

export function FieldError({ id, message }: { id: string; message: string }) {
  return <p id={`${id}-error`} data-testid={`error-${id}`} role="alert" className="mt-1 text-sm text-red-500">{message}</p>;
}
