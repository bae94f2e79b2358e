// Why an NF-e file is refused: a reason code the screen and tests can rely on, and a
// pt-BR sentence the admin can act on. A VALIDATION AppError, so a route answers 400.
import { AppError } from '../errors';

export type NfeErrorReason =
  'TOO_LARGE' | 'NOT_XML' | 'BROKEN_XML' | 'DTD' | 'NOT_NFE' | 'WRONG_KEY' | 'MISSING_FIELD' | 'INVALID_FIELD';

export const NFE_MAX_BYTES = 5 * 1024 * 1024;

export const NFE_MESSAGES = {
  tooLarge: 'O arquivo tem mais de 5 MB. Envie só o XML da NF-e.',
  notXml: 'O arquivo não é um XML. Envie o XML da NF-e que o fornecedor mandou (arquivo .xml).',
  brokenXml: (line: number, column: number) =>
    `O XML está quebrado (linha ${line}, coluna ${column}). Peça ao fornecedor o arquivo original da NF-e.`,
  dtd: 'O arquivo contém uma DTD ou entidades, que não são aceitas',
  notNfe: 'Este XML não é uma NF-e: falta nfeProc ou NFe do Portal da Nota Fiscal Eletrônica.',
  nfce: 'Este XML é de uma NFC-e (cupom ao consumidor), não de uma NF-e de fornecedor.',
  keyMismatch: 'A chave de acesso não corresponde ao número, à série ou ao modelo da nota.',
  missing: (path: string, item?: number) =>
    item === undefined
      ? `A NF-e não tem o campo obrigatório ${path}.`
      : `O item ${item} da NF-e não tem o campo obrigatório ${path}.`,
  invalid: (path: string, value: string, item?: number) =>
    `${item === undefined ? 'O campo' : `No item ${item}, o campo`} ${path} da NF-e tem um valor inválido: "${value.slice(0, 40)}".`,
} as const;

export class NfeParseError extends AppError {
  constructor(
    readonly reason: NfeErrorReason,
    message: string,
    field?: string,
  ) {
    super('VALIDATION', message, field === undefined ? { reason } : { reason, field });
    this.name = 'NfeParseError';
  }
}
