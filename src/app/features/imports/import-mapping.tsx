// 'Colunas': which column of the sheet each field comes from, as Balcão guessed it from the
// headers; the owner changes any of them (or leaves a field out) and the sheet is read again.
import type { ImportMapping, ImportPreview } from '../../../shared/contract/imports';
import { Card, CardContent, CardHeader } from '../../components/card';
import { SelectField } from '../../components/field';

/** A, B, ... Z, AA, AB: the column as the spreadsheet names it. */
export function columnLetter(index: number): string {
  let n = index + 1;
  let name = '';
  while (n > 0) {
    const rest = (n - 1) % 26;
    name = String.fromCharCode(65 + rest) + name;
    n = Math.floor((n - 1) / 26);
  }
  return name;
}

interface Props {
  preview: ImportPreview;
  disabled: boolean;
  onChange: (mapping: ImportMapping) => void;
}

export function ImportMapping({ preview, disabled, onChange }: Props) {
  const sampleOf = (column: number | null | undefined) => {
    const sample = column == null ? '' : (preview.columns[column]?.samples.find((s) => s !== '') ?? '');
    return sample ? `ex.: ${sample.length > 40 ? `${sample.slice(0, 37)}...` : sample}` : undefined;
  };
  return (
    <Card>
      <CardHeader
        title="Colunas"
        description="Confira de que coluna da planilha vem cada campo. Mude o que estiver errado: a planilha é lida de novo."
      />
      <CardContent className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {preview.fields.map((field) => {
          const column = preview.mapping[field.key];
          return (
            <SelectField
              key={field.key}
              label={field.label}
              value={column == null ? '' : String(column)}
              disabled={disabled}
              hint={sampleOf(column)}
              onChange={(event) => {
                const value = event.target.value;
                onChange({ ...preview.mapping, [field.key]: value === '' ? null : Number(value) });
              }}
            >
              <option value="">Não importar</option>
              {preview.columns.map((c) => (
                <option key={c.index} value={String(c.index)}>
                  {`${columnLetter(c.index)}: ${c.header || '(sem título)'}`}
                </option>
              ))}
            </SelectField>
          );
        })}
      </CardContent>
    </Card>
  );
}
