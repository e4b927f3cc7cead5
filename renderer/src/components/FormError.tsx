import type { ReactNode } from 'react';

/** What went wrong, in words, announced to screen readers as it appears (role="alert"). */
export function FormError({ children, testId }: { children: ReactNode; testId?: string }) {
  return (
    <p className="form-error" role="alert" data-testid={testId}>
      {children}
    </p>
  );
}
