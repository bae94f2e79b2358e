// The success toast of a finance change: 'Sucesso' when the server took it, 'Salvo neste
// dispositivo' when it waits in the outbox (same description).
import { toast } from './toast-store';

export function toastSaved(outcome: { queued: boolean }, description: string): number {
  return toast({ title: outcome.queued ? 'Salvo neste dispositivo' : 'Sucesso', description });
}
