// How the note says it is paid (pag/detPag): the form (tPag) with its pt-BR name, the
// amount, 'à vista' or 'a prazo' (indPag) and the day paid (dPag) when written. Shown to
// the admin of a note without duplicatas, who says whether it is already paid or when it
// is due; the form also proposes the payable's payment method.
import type { AccountPayable, NfeDeclaredPayment } from '../../shared/contract';
import { centavosText, dateText, optionalText, requiredText } from './nfe-values';
import { child, children, type XmlElement } from './xml-tree';

/** tPag codes of the NF-e layout and their names. */
const PAYMENT_FORMS: Record<string, string> = {
  '01': 'Dinheiro',
  '02': 'Cheque',
  '03': 'Cartão de crédito',
  '04': 'Cartão de débito',
  '05': 'Crédito loja',
  '10': 'Vale alimentação',
  '11': 'Vale refeição',
  '12': 'Vale presente',
  '13': 'Vale combustível',
  '15': 'Boleto bancário',
  '16': 'Depósito bancário',
  '17': 'PIX',
  '18': 'Transferência bancária',
  '19': 'Programa de fidelidade',
  '20': 'PIX',
  '21': 'Crédito em loja',
  '22': 'Pagamento eletrônico',
  '90': 'Sem pagamento',
  '99': 'Outros',
};

/** The payable's method for a form the store pays the same way; none for the others. */
const PAYABLE_METHOD: Record<string, NonNullable<AccountPayable['payment_method']>> = {
  '01': 'cash',
  '03': 'credit_card',
  '04': 'debit_card',
  '16': 'transfer',
  '17': 'pix',
  '18': 'transfer',
  '20': 'pix',
};

function payment(detPag: XmlElement): NfeDeclaredPayment {
  const path = (name: string) => `pag/detPag/${name}`;
  const form = requiredText(child(detPag, 'tPag'), { path: path('tPag') });
  const field = (name: string) => optionalText(child(detPag, name));
  const described = field('xPag');
  const indPag = field('indPag');
  const paidOn = field('dPag');
  return {
    form,
    label: form === '99' && described ? described : (PAYMENT_FORMS[form] ?? `Forma ${form}`),
    amount: centavosText(requiredText(child(detPag, 'vPag'), { path: path('vPag') }), { path: path('vPag') }),
    term: indPag === '0' ? 'now' : indPag === '1' ? 'later' : null,
    paid_on: paidOn === null ? null : dateText(paidOn, { path: path('dPag') }),
    payable_method: PAYABLE_METHOD[form] ?? null,
  };
}

/** The payments of the note's pag group (none when it has none). */
export function notePayments(pag: XmlElement | undefined): NfeDeclaredPayment[] {
  return children(pag, 'detPag').map(payment);
}
