// The state of one sale being rung up, and its transitions (spec §4): crediário due dates
// generated on entering it and on a new count, cleared on leaving it; the reset after a
// finished sale, which clears 'Adicionar Produto' (product chosen, quantity) with the rest.
// With the store's 'Consumidor final' setting on, a sale starts with that customer chosen
// and the reset chooses it again (the cashier may still choose another).
import { useLayoutEffect, useMemo, useReducer, useRef, useState } from 'react';
import { CREDIARIO_DEFAULT_INSTALLMENTS } from '../../../shared/constants';
import type { PaymentMethod } from '../../../shared/contract';
import type { DiscountInput } from '../../../shared/discounts';
import { todayIso } from '../../../shared/dates';
import { parseMoneyInput } from '../../../shared/money';
import { formatDocument, isValidDocument } from '../../../shared/documents';
import { noteDocumentProblem, type NoteDocumentRule } from '../../counter/fiscal-till';
import type { MirrorCustomer, MirrorProduct } from '../../offline/db';
import { cartTotal, dueDates, entradaError, type CartLine } from './cart';
import { CAIXA_CLOSED_TEXT, discountProblem } from './cart-discounts';

export interface SaleCustomer {
  id: string;
  name: string;
  /** CPF/CNPJ as the mirror holds it (the receipt prints it). */
  document?: string | null;
  /** Their own credit limit in centavos as the mirror holds it (null: the store's default; absent: not read). */
  creditLimit?: number | null;
  /** The store's built-in 'Consumidor final' (crediário and vale-troca refuse it). */
  finalConsumer?: boolean;
}

/** 'Adicionar Produto': what was searched, the product chosen and its quantity as typed. */
export interface ProductPick {
  query: string;
  product: MirrorProduct | null;
  quantity: string;
}

/** Nothing chosen; the quantity's default is 1 (spec §2). */
export const EMPTY_PICK: ProductPick = { query: '', product: null, quantity: '1' };

export interface SaleFormState {
  customer: SaleCustomer | null;
  lines: CartLine[];
  paymentMethod: PaymentMethod;
  installments: number;
  dueDates: string[];
  entradaOn: boolean;
  /** as typed, in reais */
  entradaText: string;
  /** The discount on the whole sale, as typed (null or absent: none). */
  saleDiscount?: DiscountInput | null;
  /** 'CPF na nota?' as typed (emission on); the chosen customer's CPF/CNPJ fills it. */
  noteDocument?: string;
}

export const INITIAL_SALE_FORM: SaleFormState = {
  customer: null,
  lines: [],
  paymentMethod: 'cash',
  installments: CREDIARIO_DEFAULT_INSTALLMENTS,
  dueDates: [],
  entradaOn: false,
  entradaText: '',
  saleDiscount: null,
  noteDocument: '',
};

/** A customer's own CPF/CNPJ, formatted, for 'CPF na nota?' ('' when they have none valid). */
export function noteDocumentOfCustomer(customer: SaleCustomer | null): string {
  const document = customer?.document;
  return document && isValidDocument(document) ? formatDocument(document) : '';
}

type Action =
  | { type: 'customer'; customer: SaleCustomer | null }
  | { type: 'start'; customer: SaleCustomer }
  | { type: 'lines'; lines: CartLine[] }
  | { type: 'method'; method: PaymentMethod; today: string }
  | { type: 'installments'; installments: number; today: string }
  | { type: 'entradaOn'; on: boolean }
  | { type: 'entradaText'; text: string }
  | { type: 'saleDiscount'; discount: DiscountInput | null }
  | { type: 'noteDocument'; text: string }
  | { type: 'reset'; customer: SaleCustomer | null };

export function saleFormReducer(state: SaleFormState, action: Action): SaleFormState {
  switch (action.type) {
    case 'customer':
      return { ...state, customer: action.customer, noteDocument: noteDocumentOfCustomer(action.customer) };
    case 'start':
      return state.customer
        ? state
        : { ...state, customer: action.customer, noteDocument: noteDocumentOfCustomer(action.customer) };
    case 'lines':
      return { ...state, lines: action.lines };
    case 'method': {
      const crediario = action.method === 'crediario';
      return {
        ...state,
        paymentMethod: action.method,
        dueDates: crediario ? dueDates(action.today, state.installments) : [],
        entradaOn: crediario ? state.entradaOn : false,
        entradaText: crediario ? state.entradaText : '',
      };
    }
    case 'installments':
      return { ...state, installments: action.installments, dueDates: dueDates(action.today, action.installments) };
    case 'entradaOn':
      return { ...state, entradaOn: action.on, entradaText: action.on ? state.entradaText : '' };
    case 'entradaText':
      return { ...state, entradaText: action.text };
    case 'saleDiscount':
      return { ...state, saleDiscount: action.discount };
    case 'noteDocument':
      return { ...state, noteDocument: action.text };
    case 'reset':
      return { ...INITIAL_SALE_FORM, customer: action.customer, noteDocument: noteDocumentOfCustomer(action.customer) };
  }
}

/**
 * The entrada as typed ('12,50', '12.50', 'R$ 1.234,56') in centavos; empty or off is zero,
 * text that is not an amount is null (it blocks finishing).
 */
export function entradaCentavos(
  state: Pick<SaleFormState, 'paymentMethod' | 'entradaOn' | 'entradaText'>,
): number | null {
  if (state.paymentMethod !== 'crediario' || !state.entradaOn || state.entradaText.trim() === '') return 0;
  return parseMoneyInput(state.entradaText);
}

const NOT_AN_AMOUNT = 'Informe um valor numérico';

/** The store's 'Consumidor final' among the mirrored customers (told by its flag), when `on`. */
export function useStartCustomer(
  on: boolean,
  customers: ReadonlyMap<string, Pick<MirrorCustomer, 'id' | 'name' | 'final_consumer' | 'active'>>,
): SaleCustomer | null {
  // Read again only when the mirror changes, not on every keystroke of the sale.
  const found = useMemo(() => {
    if (!on) return null;
    for (const c of customers.values()) if (c.final_consumer === true && c.active !== false) return c;
    return null;
  }, [on, customers]);
  const id = found?.id ?? null;
  const name = found?.name ?? '';
  return useMemo(() => (id ? { id, name, document: null, creditLimit: null, finalConsumer: true } : null), [id, name]);
}

/**
 * What the till's rules allow: the cashier's largest discount in percent (null: an admin
 * signed in, no limit) and whether this device's caixa is open (a sale needs one).
 */
export interface TillRules {
  discountLimit: number | null;
  caixaOpen: boolean;
  /** The customer each sale starts with (the store's 'Consumidor final'), null for none. */
  startCustomer?: SaleCustomer | null;
  /** The start customer is on its way (the mirror not read yet): the sale does not ask for one. */
  startComing?: boolean;
  /** 'CPF na nota?': asked while the store emits NFC-e (counter/fiscal-till.ts); null: not asked. */
  noteDocument?: NoteDocumentRule | null;
}

export function useSaleForm(rules: TillRules = { discountLimit: null, caixaOpen: true }) {
  const [state, dispatch] = useReducer(saleFormReducer, INITIAL_SALE_FORM);
  const [pick, setPick] = useState<ProductPick>(EMPTY_PICK);
  const start = rules.startCustomer ?? null;
  const startRef = useRef(start);
  startRef.current = start;
  // The mirror is read after the first paint: the sale takes its start customer once it is
  // known, unless someone was chosen meanwhile; before the next paint, so the line drawn
  // for it while loading (CustomerPicker's `starting`) is never blank for a frame.
  const startId = start?.id ?? null;
  useLayoutEffect(() => {
    if (startId !== null) dispatch({ type: 'start', customer: startRef.current! });
  }, [startId]);
  const total = useMemo(() => cartTotal(state.lines, state.saleDiscount ?? null), [state.lines, state.saleDiscount]);
  // Why the sale cannot finish beyond the spec's checks: no open caixa, a discount refused.
  const saleProblem = rules.caixaOpen
    ? discountProblem(state.lines, state.saleDiscount ?? null, rules.discountLimit)
    : CAIXA_CLOSED_TEXT;
  const typed = entradaCentavos(state);
  const entrada = typed ?? 0;
  const entradaProblem =
    state.paymentMethod === 'crediario' && state.entradaOn
      ? typed === null
        ? NOT_AN_AMOUNT
        : entradaError(entrada, total)
      : null;

  const actions = useMemo(
    () => ({
      selectCustomer: (customer: SaleCustomer | null) => dispatch({ type: 'customer', customer }),
      setLines: (lines: CartLine[]) => dispatch({ type: 'lines', lines }),
      setPaymentMethod: (method: PaymentMethod) => dispatch({ type: 'method', method, today: todayIso() }),
      setInstallments: (installments: number) => dispatch({ type: 'installments', installments, today: todayIso() }),
      setEntradaOn: (on: boolean) => dispatch({ type: 'entradaOn', on }),
      setEntradaText: (text: string) => dispatch({ type: 'entradaText', text }),
      setSaleDiscount: (discount: DiscountInput | null) => dispatch({ type: 'saleDiscount', discount }),
      setNoteDocument: (text: string) => dispatch({ type: 'noteDocument', text }),
      setPick,
      reset: () => {
        dispatch({ type: 'reset', customer: startRef.current });
        setPick(EMPTY_PICK);
      },
    }),
    [],
  );

  const customerComing = state.customer === null && rules.startComing === true;
  const noteRule = rules.noteDocument ?? null;
  const noteDocumentError = noteDocumentProblem(state.noteDocument ?? '', total, noteRule);
  return {
    noteRule,
    noteDocumentError,
    state,
    pick,
    total,
    entrada,
    entradaProblem,
    saleProblem,
    discountLimit: rules.discountLimit,
    customerComing,
    actions,
  };
}
