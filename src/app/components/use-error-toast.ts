// Says in a red toast, once per error, that something did not load: `text`, or with
// `reason` the server's own reason (`text` when it gives none).
import { useEffect } from 'react';
import { describeError } from '../lib/api-error';
import { toastError } from './toast-store';

export function useErrorToast(error: unknown, title: string, text: string, reason = false) {
  useEffect(() => {
    if (error) toastError(title, reason ? describeError(error, text) : text);
  }, [error, title, text, reason]);
}
