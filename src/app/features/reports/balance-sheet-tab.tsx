// Balanço: assets beside liabilities and equity, as of the period's last day.
import { formatDate } from '../../../shared/dates';
import { Card } from '../../components/card';
import { useBalanceSheet } from './api';
import { ReportPanel } from './report-panel';
import { balanceSheetLines } from './statement-lines';
import { StatementTable } from './statement-table';

export function BalanceSheetTab({ asOf }: { asOf: string }) {
  const query = useBalanceSheet(asOf);
  return (
    <ReportPanel query={query} tab="balance">
      {(sheet) => {
        const { assets, claims } = balanceSheetLines(sheet);
        return (
          <div>
            <p className="mb-3 text-sm text-slate-600">Posição em {formatDate(asOf)}</p>
            <div className="grid grid-cols-1 gap-6 lg:grid-cols-2">
              <Card className="overflow-hidden break-inside-avoid">
                <h2 className="border-b border-slate-200 px-4 py-3 text-base font-semibold text-slate-900">Ativo</h2>
                <StatementTable caption="Ativo" lines={assets} withPercent={false} />
              </Card>
              <Card className="overflow-hidden break-inside-avoid">
                <h2 className="border-b border-slate-200 px-4 py-3 text-base font-semibold text-slate-900">
                  Passivo e Patrimônio Líquido
                </h2>
                <StatementTable caption="Passivo e Patrimônio Líquido" lines={claims} withPercent={false} />
              </Card>
            </div>
          </div>
        );
      }}
    </ReportPanel>
  );
}
