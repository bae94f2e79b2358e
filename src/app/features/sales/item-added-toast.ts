// The till's 'Produto adicionado' notice. It sits at the bottom of the screen, just above the
// finish bar on a phone, which is where the Pix charge's 'Copiar código Pix' and 'Pix recebido'
// come when the cashier scrolls to them: once the cashier charges by Pix (pix-charge.tsx), the
// notice of the last item added has said what it had to and goes, instead of covering them
// for its 4 seconds.
import { dismissToast, toast } from '../../components/toast-store';

let shown: number | null = null;

/** 'Produto adicionado' with how many of what. */
export function toastItemAdded(quantity: string | number, name: string): void {
  shown = toast({ title: 'Produto adicionado', description: `${quantity}x ${name}` });
}

/** Takes the notice of the last item added off the screen, if it still shows. */
export function dismissItemAdded(): void {
  if (shown !== null) dismissToast(shown);
  shown = null;
}
