// Reads a CSV as Excel in Brazil would (';', '"' quoting, CRLF), for tests that check an
// export parses back to the figures it was made from.
export function parseCsv(text: string): string[][] {
  const body = text.startsWith('\uFEFF') ? text.slice(1) : text;
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let inQuotes = false;
  for (let i = 0; i < body.length; i++) {
    const ch = body[i]!;
    if (inQuotes) {
      if (ch === '"' && body[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (ch === '"') inQuotes = false;
      else cell += ch;
    } else if (ch === '"' && cell === '') inQuotes = true;
    else if (ch === ';') {
      row.push(cell);
      cell = '';
    } else if (ch === '\r' && body[i + 1] === '\n') {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
      i++;
    } else cell += ch;
  }
  if (cell !== '' || row.length > 0) {
    row.push(cell);
    rows.push(row);
  }
  return rows;
}

/** '1234,56' or '-12,30' (reais, decimal comma) as integer centavos. */
export function csvCentavos(text: string): number {
  if (!/^-?\d+,\d{2}$/.test(text)) throw new Error(`não é um valor em reais: ${JSON.stringify(text)}`);
  const negative = text.startsWith('-');
  const [whole, cents] = text.replace('-', '').split(',') as [string, string];
  const value = Number(whole) * 100 + Number(cents);
  return negative ? -value : value;
}
