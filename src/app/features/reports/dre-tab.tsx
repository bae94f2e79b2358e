// DRE: the period's income statement as an accountant prints it (accrual, DESIGN.md).
import { Card } from '../../components/card';
import { useDre, type DreData, type ReportRange } from './api';
import { periodTab } from './report-panel';
import { rangeText } from './report-format';
import { tabOf } from './report-tabs';
import { dreLines } from './statement-lines';
import { StatementTable } from './statement-table';

const TAB = tabOf('dre');

export const DreTab = periodTab('dre', useDre, DreView);

function DreView({ data, range }: { data: DreData; range: ReportRange }) {
  return (
    <Card className="max-w-4xl overflow-hidden">
      <div className="border-b border-slate-200 px-4 py-3">
        <h2 className="text-base font-semibold text-slate-900">{TAB.title}</h2>
        <p className="text-sm text-slate-600">Período de {rangeText(range)} · regime de competência</p>
      </div>
      <StatementTable caption={TAB.title} lines={dreLines(data)} withPercent />
    </Card>
  );
}
