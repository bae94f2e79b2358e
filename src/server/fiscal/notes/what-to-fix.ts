// What the admin does about a rejection, in pt-BR: the codes a store's own data causes get
// where to fix it; any other code gets the general advice (SEFAZ's reason is shown beside).
// TODO(lead): the emission's src/shared/fiscal/rejection-fixes.ts (branch emission) has the
// larger table; when both are merged, take its whatToFix here and keep GENERAL as the
// fallback for a code it does not explain.
const BY_CODE: Readonly<Record<number, string>> = {
  110: 'Uso denegado: a situação da empresa na SEFAZ impede a emissão. Fale com o contador antes de vender com nota.',
  213: 'O certificado A1 é de outro CNPJ. Envie o certificado da loja em Configurações > Fiscal.',
  215: 'O documento não passou no esquema. Confira os textos dos produtos e do emitente e reenvie; se repetir, avise o suporte.',
  225: 'O documento não passou no esquema. Confira os textos dos produtos e do emitente e reenvie; se repetir, avise o suporte.',
  297: 'A assinatura não conferiu. Envie o certificado A1 de novo em Configurações > Fiscal e reenvie.',
  386: 'O CFOP de um item não combina com o seu CSOSN. Corrija o CFOP ou o CSOSN do produto e reenvie.',
  462: 'O idCSC não está cadastrado na SEFAZ. Confira o idCSC e o CSC em Configurações > Fiscal e reenvie.',
  464: 'O QR Code não conferiu com o CSC. Confira o idCSC e o CSC em Configurações > Fiscal e reenvie.',
  612: 'O código de barras (GTIN) de um item é inválido. Corrija o código de barras do produto e reenvie.',
  778: 'Um item tem NCM inexistente. Corrija o NCM do produto (a tabela muda) e reenvie.',
};

const GENERAL =
  'Corrija o que a SEFAZ apontou (no produto, no cliente ou em Configurações > Fiscal) e use Reenviar: a nota é refeita com o mesmo número e assinada de novo.';

export function whatToFix(cstat: number | null): string {
  return (cstat !== null && BY_CODE[cstat]) || GENERAL;
}
