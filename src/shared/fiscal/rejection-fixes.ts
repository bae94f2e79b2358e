// What the admin does about SEFAZ's most common refusals of an NFC-e, in pt-BR: the codes
// come from the official return table (../shared/nfe/cstat.json, MOC 7.0); the sentences
// point at where Balcão fixes it. A code not here is shown with SEFAZ's own xMotivo.

const FIXES: Readonly<Record<number, string>> = {
  110: 'Uso denegado: a situação do emitente na SEFAZ impede a emissão. Fale com o contador antes de vender com nota.',
  204: 'A SEFAZ já tem uma nota com este número. O Balcão consulta a SEFAZ e recupera a autorização anterior; se persistir, fale com o suporte.',
  206: 'Este número foi inutilizado na SEFAZ. A próxima venda usa o número seguinte da série.',
  207: 'O CNPJ do emitente é inválido: confira em Configurações > Fiscal.',
  209: 'A inscrição estadual do emitente não confere: corrija em Configurações > Fiscal (ou use ISENTO se for o caso).',
  213: 'O certificado A1 é de outro CNPJ: envie em Configurações > Fiscal o certificado do CNPJ do emitente.',
  215: 'O documento não passou no esquema da SEFAZ. Fale com o suporte do Balcão com o número da nota.',
  225: 'O documento não passou no esquema da SEFAZ. Fale com o suporte do Balcão com o número da nota.',
  226: 'A UF do emitente não é a do autorizador: confira a UF e o município em Configurações > Fiscal.',
  228: 'A data de emissão ficou atrasada demais para a SEFAZ: a nota precisa ser emitida de novo (contingência).',
  233: 'A SEFAZ não encontrou a inscrição estadual: confira-a em Configurações > Fiscal.',
  237: 'O CPF informado na nota é inválido: confira o CPF do cliente.',
  208: 'O CNPJ informado na nota é inválido: confira o CNPJ do cliente.',
  240: 'O emitente está irregular na SEFAZ. Fale com o contador.',
  245: 'O CNPJ do emitente não está cadastrado na SEFAZ da UF: confira o CNPJ e a UF em Configurações > Fiscal.',
  246: 'O CNPJ do emitente não está cadastrado na SEFAZ da UF: confira o CNPJ e a UF em Configurações > Fiscal.',
  272: 'O código do município do emitente não confere: corrija o código IBGE em Configurações > Fiscal.',
  280: 'O certificado A1 não é válido para a SEFAZ: envie um certificado ICP-Brasil válido em Configurações > Fiscal.',
  281: 'O certificado A1 venceu: envie o novo em Configurações > Fiscal.',
  282: 'O certificado A1 não tem o CNPJ: envie o e-CNPJ A1 da loja em Configurações > Fiscal.',
  283: 'A cadeia do certificado A1 não confere: envie o arquivo .pfx completo em Configurações > Fiscal.',
  284: 'O certificado A1 foi revogado: envie um certificado novo em Configurações > Fiscal.',
  286: 'A SEFAZ não conseguiu conferir o certificado. Tente reenviar a nota mais tarde.',
  297: 'A assinatura não confere. Envie o certificado de novo em Configurações > Fiscal; se persistir, fale com o suporte.',
  301: 'Uso denegado: o emitente está irregular na SEFAZ. Fale com o contador.',
  302: 'Uso denegado: o destinatário está irregular na SEFAZ. Venda sem CPF/CNPJ na nota ou confira o documento.',
  385: 'Um valor da nota tem casas decimais a mais. Fale com o suporte do Balcão.',
  386: 'O CFOP de um item não combina com o seu CSOSN: corrija o CFOP ou o CSOSN do produto em Produtos e reenvie.',
  462: 'O idCSC não está cadastrado na SEFAZ: confira o idCSC e o CSC em Configurações > Fiscal.',
  464: 'O código do hash do QR Code não confere: confira o CSC e o idCSC em Configurações > Fiscal.',
  539: 'A SEFAZ já tem outra nota com este número. O Balcão consulta a SEFAZ; se não houver autorização, inutilize o número em Notas Fiscais.',
  588: 'O documento tinha espaços ou quebras de linha entre as tags. Fale com o suporte do Balcão.',
  656: 'A SEFAZ bloqueou o envio por consumo indevido (envios repetidos). Aguarde uma hora antes de reenviar.',
  704: 'A data de emissão ficou atrasada demais para a SEFAZ: a nota precisa ser emitida de novo (contingência).',
  714: 'A NFC-e não aceita a opção de consumidor final informada. Fale com o suporte do Balcão.',
  717: 'A SEFAZ não aceita esta forma de operação na NFC-e. Fale com o suporte do Balcão.',
  719: 'A nota deveria identificar o consumidor: informe o CPF ou o CNPJ na venda.',
  726: 'O CSC não é o que a SEFAZ tem para a loja: confira o CSC e o idCSC em Configurações > Fiscal.',
  727: 'O CSC não é o que a SEFAZ tem para a loja: confira o CSC e o idCSC em Configurações > Fiscal.',
  732: 'O número de série do produto ou o GTIN não confere. Confira o código de barras do produto.',
  757: 'O Responsável Técnico não é aceito pela SEFAZ: confira o CNPJ e o contato em Configurações > Fiscal.',
  772: 'A operação está marcada como interestadual: confira a UF do emitente em Configurações > Fiscal.',
  777: 'Um produto está com NCM incompleto: corrija o NCM em Produtos (8 dígitos).',
  612: 'O código de barras (GTIN) de um item é inválido: corrija o código de barras do produto em Produtos.',
  778: 'Um produto está com NCM que não existe: corrija o NCM em Produtos.',
  779: 'Um produto tem NCM que não pode ir numa NFC-e: confira o NCM em Produtos.',
  780: 'O total passa do limite da SEFAZ para NFC-e: emita NF-e (modelo 55) para esta venda.',
  781: 'A loja não está habilitada a emitir NFC-e na SEFAZ: peça o credenciamento ao contador.',
  789: 'A NFC-e é só para consumidor final: para um contribuinte do ICMS, emita NF-e (modelo 55).',
  793: 'Um produto tem NCM com capítulo que não existe: corrija o NCM em Produtos.',
  796: 'A SEFAZ não tem CSC para a loja: gere o CSC no portal da SEFAZ e digite-o em Configurações > Fiscal.',
};

/** What to fix for a rejection `cstat`; null when the table has nothing to say. */
export function whatToFix(cstat: number | null | undefined): string | null {
  return cstat == null ? null : (FIXES[cstat] ?? null);
}

/** The codes the table explains (for tests and the admin's screens). */
export const EXPLAINED_CSTATS: readonly number[] = Object.keys(FIXES).map(Number);
