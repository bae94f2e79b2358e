// Local marks on receivable rows (filled by the offline layer).
import { render, screen } from '@testing-library/react';
import { describe, it } from 'vitest';
import { AccountReceivableSchema } from '../../../shared/contract/accounts';
import { receivableJson } from '../../test/finance-fixtures';
import type { ReceivableRow } from './api';
import { ReceivableTable } from './receivable-table';
import { expectLocalMarks } from '../../test/screen-text';

const row = (description: string, local?: ReceivableRow['local']): ReceivableRow => ({
  ...AccountReceivableSchema.parse(receivableJson({ description })),
  local,
});

describe('ReceivableTable', () => {
  it('marks rows not yet synchronized or refused by the server', () => {
    render(
      <ReceivableTable
        accounts={[row('Local', 'pending'), row('Recusada', 'rejected'), row('Servidor')]}
        canReceive={false}
        onPay={() => undefined}
      />,
    );
    expectLocalMarks((d) => screen.getByText(d).closest('tr')!, ['Local', 'Recusada', 'Servidor']);
  });
});
