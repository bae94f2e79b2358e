// What 'Reenviar' keeps of a rejected note the till signed in offline contingency (tpEmis 9)
// when the server makes it again: what the printed DANFE and the law tie to it. Series,
// number, tpEmis 9, dhEmi, dhCont, xJust and cNF are read from the note's stored XML, so the
// access key stays the one on the customer's DANFE (the DANFE is not printed again); the QR
// Code keeps the version the till used (offline: v3 is signed by the key that signs the
// note, here the store's A1). Past the store's deadline the note is still made again and
// sent (SEFAZ decides), and the admin is told so in the answer.
import type { NfceNote } from '../../../shared/fiscal/nfce-note';
import type { QrVersion } from '../../../shared/fiscal/sefaz';
import { contingencyDeadline, deadlineText } from '../../../shared/fiscal/contingency-deadline';
import type { FiscalNoteRow } from '../../db/schema';
import { conflict } from '../../errors';
import { readContingencyXml } from '../contingency-xml';

export const CONTINGENCY_XML_UNREADABLE =
  'O XML guardado desta nota em contingência não pôde ser lido: ela não pode ser refeita com a mesma chave de acesso. Fale com o suporte.';
export const CONTINGENCY_KEY_CHANGED =
  'Refeita hoje, esta nota em contingência teria outra chave de acesso (o CNPJ ou a UF do emitente mudou desde a emissão): o DANFE entregue deixaria de valer, e ela não foi refeita. Fale com o contador.';

/** The answer's notice when the deadline has passed: sent anyway, SEFAZ decides. */
export const lateContingencyNotice = (deadline: Date, now: Date) =>
  `O prazo para transmitir esta nota em contingência já passou (${deadlineText(deadline, now)}): ela foi refeita e posta na fila mesmo assim, e a SEFAZ decide se a aceita. Se ela recusar, fale com o contador.`;

/** What the rebuilt note keeps of the till's: its instant, cNF, contingency and QR version. */
export type ContingencyKept = Pick<NfceNote, 'issued_at' | 'numeric_code' | 'contingency'> & { qr_version: QrVersion };

/** Read from the note's stored XML (as the till signed it); a 409 when it cannot be read. */
export function contingencyKeptOf(row: Pick<FiscalNoteRow, 'xml'>): ContingencyKept {
  const read = readContingencyXml(row.xml);
  const version = read ? Number(/\?p=\d{44}\|(\d)\|/.exec(read.qrCode)?.[1]) : NaN;
  if (
    !read ||
    read.emissionType !== 9 ||
    !read.contingencyAt ||
    !read.contingencyReason ||
    (version !== 2 && version !== 3)
  )
    throw conflict(CONTINGENCY_XML_UNREADABLE);
  return {
    issued_at: read.issuedAt.toISOString(),
    numeric_code: read.numericCode,
    contingency: { started_at: read.contingencyAt.toISOString(), reason: read.contingencyReason },
    qr_version: version,
  };
}

/** The late notice for the note issued at `issuedAt` (null while within the deadline). */
export function lateNoticeOf(issuedAt: Date, deadlineHours: number, now: Date): string | null {
  const deadline = contingencyDeadline(issuedAt, deadlineHours);
  return deadline.getTime() < now.getTime() ? lateContingencyNotice(deadline, now) : null;
}
