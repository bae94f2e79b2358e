// Why something was refused or failed, in a red box where it happened (a dialog's
// refusal, the last sync failure); role alert, so a screen reader says it when it appears.
import type { ReactNode } from 'react';

export function ErrorNote({ children }: { children: ReactNode }) {
  return (
    <p role="alert" className="rounded-md bg-red-50 px-3 py-2 text-sm text-red-800">
      {children}
    </p>
  );
}
