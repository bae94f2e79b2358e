// An IBPT table as IBPT publishes it (the layout of 'TabelaIBPTaxSP26.1.A.csv'), written by
// hand for the tests: real NCMs of a small shop, an exception (ex) row, services (NBS and
// LC 116) that are left out, descriptions in quotes with ';' and accents, CRLF lines.
// `ibptTable(n)` adds n generated NCM rows, for a file the size of a state's (~13,000).

export const IBPT_HEADER_LINE =
  'codigo;ex;tipo;descricao;nacionalfederal;importadosfederal;estadual;municipal;vigenciainicio;vigenciafim;chave;versao;fonte';

const TAIL = '01/01/2026;31/12/2026;8A3F1C;26.1.A;IBPT/empresometro.com.br';

export const IBPT_SAMPLE_LINES = [
  `09012100;;0;"Café torrado, não descafeinado";4.20;6.69;12.00;0.00;${TAIL}`,
  `22021000;;0;"Águas, incluindo as águas minerais; adicionadas de açúcar";16.88;19.37;18.00;0.00;${TAIL}`,
  `04069090;;0;Outros queijos;7.85;10.34;12.00;0.00;${TAIL}`,
  `61091000;;0;"Camisetas ""T-shirts"" e camisetas interiores, de malha, de algodão";13.45;18.61;18.00;0.00;${TAIL}`,
  `39269090;01;0;"Ex 01 - Forma para fabricação de calçados";13.45;24.77;18.00;0.00;${TAIL}`,
  `39269090;;0;Outras obras de plásticos;9.65;15.20;18.00;0.00;${TAIL}`,
  `1.0101;;1;"Serviços de construção de edificações residenciais";13.45;0.00;0.00;2.90;${TAIL}`,
  `0107;;2;"Suporte técnico em informática";13.45;0.00;0.00;2.90;${TAIL}`,
];

/** The CSV text: header, the sample rows and `extra` generated NCM rows, CRLF. */
export function ibptTable(extra = 0, tail = TAIL): string {
  const generated = Array.from({ length: extra }, (_, i) => {
    const ncm = String(10_000_000 + i * 7).slice(0, 8);
    return `${ncm};;0;Mercadoria gerada ${i + 1} - descrição;${(i % 20) + 0.5};${(i % 30) + 1.25};18.00;0.00;${tail}`;
  });
  const sample = IBPT_SAMPLE_LINES.map((line) => line.replace(TAIL, tail));
  return [IBPT_HEADER_LINE, ...sample, ...generated].join('\r\n') + '\r\n';
}

/** Latin-1 / Windows-1252 bytes of a text (every character here is in Latin-1). */
export function latin1(text: string): Uint8Array<ArrayBuffer> {
  return Uint8Array.from(text, (c) => {
    const code = c.charCodeAt(0);
    if (code > 0xff) throw new Error(`not Latin-1: ${c}`);
    return code;
  });
}

export const utf8 = (text: string): Uint8Array<ArrayBuffer> => new Uint8Array(new TextEncoder().encode(text));
