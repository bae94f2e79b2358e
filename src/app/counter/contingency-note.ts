// The NFC-e this till makes itself, in offline contingency, for a sale it just recorded
// (docs/nfce-contingency.md, 'O caixa monta a nota'): the sale's products from the device's
// mirror, the store from the fiscal view the till keeps (fiscal-till.ts), the note mapped and
// built as the server would (shared/fiscal/till-note.ts) and signed with this till's key,
// which never leaves the browser (till-key.ts). Reads only the device: works offline.
import type { FiscalTillView } from '../../shared/contract/fiscal-till';
import type { NfceNote } from '../../shared/fiscal/nfce-note';
import type { SignedNfce } from '../../shared/fiscal/nfce-sign';
import type { BuiltNfce } from '../../shared/fiscal/nfce-xml';
import {
  ContingencyNoteError,
  contingencyNoteOf,
  signContingencyNote,
  type ContingencySale,
  type TillProduct,
} from '../../shared/fiscal/till-note';
import type { BalcaoDb } from '../offline/db';
import { getProducts } from '../offline/product-store';
import { tillSigningKey } from './till-key';

export const NO_TILL_KEY =
  'Este caixa não tem a chave para assinar em contingência (ou o certificado venceu): Configurações > Fiscal > Contingência off-line.';

/** The sale's products as the mirror has them (a product missing there is left out: the mapping says so). */
async function tillProducts(db: BalcaoDb, sale: Pick<ContingencySale, 'body'>): Promise<Map<string, TillProduct>> {
  const ids = [...new Set(sale.body.items.map((i) => i.product_id))];
  const rows = await getProducts(db, ids);
  return new Map<string, TillProduct>(rows.flatMap((p) => (p ? [[p.id, p] as const] : [])));
}

/**
 * Why this till cannot make the sale's note (null: it can), before a number is taken for it:
 * no key or an expired one, the store's data or the till's series missing, a product without NCM.
 */
export async function contingencyProblem(
  db: BalcaoDb,
  sale: Omit<ContingencySale, 'number'>,
  view: FiscalTillView,
): Promise<string | null> {
  if (!(await tillSigningKey(sale.issuedAt, db))) return NO_TILL_KEY;
  try {
    contingencyNoteOf({ ...sale, number: 1 }, view, await tillProducts(db, sale));
    return null;
  } catch (error) {
    if (error instanceof ContingencyNoteError) return error.message;
    throw error;
  }
}

/** The whole path on this device: the mirror's products, the till's key, the note built and signed. */
export async function makeContingencyNote(
  db: BalcaoDb,
  sale: ContingencySale,
  view: FiscalTillView,
  random: () => number = Math.random,
): Promise<{ note: NfceNote; built: BuiltNfce; signed: SignedNfce; certificateDer: Uint8Array }> {
  const note = contingencyNoteOf(sale, view, await tillProducts(db, sale));
  const key = await tillSigningKey(sale.issuedAt, db);
  if (!key) throw new ContingencyNoteError(NO_TILL_KEY);
  const signing = { key: key.key, certificate_der: key.certificateDer };
  return { note, certificateDer: key.certificateDer, ...(await signContingencyNote(note, signing, random)) };
}
