// An NFC-e a till issued in offline contingency (tpEmis 9): built and signed at the till
// with the key it holds (fiscal-till-keys.ts), printed for the customer, and sent to the
// server once the connection is back, with its exact bytes. The server checks it (the sale,
// the till's series, the key and the signature) and keeps it 'pendente' for the emission
// queue, which transmits the same bytes to SEFAZ. The answer is the note as a sale carries
// it (FiscalNoteReceipt): the same note sent again answers the same.
import { z } from 'zod/mini';
import { Id, Timestamp, envelope } from './common';
import { FiscalNoteReceiptSchema, NFCE_SERIES_MAX } from './fiscal-notes';
import { TILL_KEY_CERTIFICATE_BASE64_MAX } from './fiscal-till-keys';

/** A signed NFC-e of 990 items (the layout's most) stays under this; one of 30 items is ~25 KB. */
export const CONTINGENCY_XML_MAX = 900_000;

/** POST /api/fiscal/contingency-notes */
export const ContingencyNoteUploadSchema = z.object({
  sale_id: Id,
  /** The till that issued and signed it. */
  device_id: Id,
  series: z
    .int({ error: 'Informe a série da nota' })
    .check(z.gte(0), z.lte(NFCE_SERIES_MAX, { error: 'Série: de 0 a 999' })),
  number: z
    .int({ error: 'Informe o número da nota' })
    .check(z.gte(1), z.lte(999_999_999, { error: 'Número: de 1 a 999.999.999' })),
  access_key: z.string({ error: 'Informe a chave de acesso' }).check(z.regex(/^\d{44}$/, { error: 'A chave de acesso tem 44 dígitos' })), // prettier-ignore
  /** dhEmi, the moment the till issued it. */
  issued_at: Timestamp,
  /** The whole <NFe> as the till signed it: infNFe, infNFeSupl and Signature, byte for byte. */
  xml: z
    .string({ error: 'Envie o XML assinado da nota' })
    .check(
      z.minLength(1, { error: 'Envie o XML assinado da nota' }),
      z.maxLength(CONTINGENCY_XML_MAX, { error: 'XML grande demais para uma NFC-e' }),
    ),
  /** The certificate the till signed with (DER, base64): the one in KeyInfo. */
  certificate_der: z
    .string({ error: 'Envie o certificado' })
    .check(
      z.minLength(1, { error: 'Envie o certificado' }),
      z.maxLength(TILL_KEY_CERTIFICATE_BASE64_MAX, { error: 'Conteúdo grande demais' }),
      z.regex(/^[A-Za-z0-9+/]+={0,2}$/, { error: 'Conteúdo em formato inválido (base64)' }),
    ),
});
export type ContingencyNoteUpload = z.infer<typeof ContingencyNoteUploadSchema>;

/** 201 with the note kept (pendente, emission_type 9); the same note again: 201 with the same note. */
export const ContingencyNoteResponseSchema = envelope(FiscalNoteReceiptSchema);
