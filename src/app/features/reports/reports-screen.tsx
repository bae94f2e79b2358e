// Relatórios Financeiros (spec §2): the period (7, 30 or 90 days through today), the five
// tabs, 'Exportar' (the open report as a CSV for Excel) and 'Imprimir' (a print
// stylesheet drops the app's frame and the controls). Offline, each tab shows its last
// answer from the persisted cache with the time it was fetched (report-panel.tsx).
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { ADMIN_DEFAULT_RANGE_DAYS } from '../../../shared/constants';
import { Button } from '../../components/button';
import { DownloadIcon, PrintIcon } from '../../components/icons';
import { PageHeader } from '../../components/page-header';
import { Tabs } from '../../components/tabs';
import { toastError } from '../../components/toast-store';
import { describeError } from '../../lib/api-error';
import { rangeOf, type ReportRange } from './api';
import { BalanceSheetTab } from './balance-sheet-tab';
import { DreTab } from './dre-tab';
import { MarginsTab } from './margins-tab';
import { PeriodPicker } from './period-picker';
import { ProfitabilityTab } from './profitability-tab';
import { exportReport } from './report-csv';
import { rangeText } from './report-format';
import { REPORT_TABS, tabOf, type ReportTabValue } from './report-tabs';
import { SummaryTab } from './summary-tab';
import './reports-print.css';

function tabContent(tab: ReportTabValue, range: ReportRange) {
  switch (tab) {
    case 'summary':
      return <SummaryTab range={range} />;
    case 'dre':
      return <DreTab range={range} />;
    case 'balance':
      return <BalanceSheetTab asOf={range.end_date} />;
    case 'profitability':
      return <ProfitabilityTab range={range} />;
    case 'margins':
      return <MarginsTab range={range} />;
  }
}

export function ReportsScreen() {
  const queryClient = useQueryClient();
  const [days, setDays] = useState<number>(ADMIN_DEFAULT_RANGE_DAYS);
  const [tab, setTab] = useState<ReportTabValue>('summary');
  const [exporting, setExporting] = useState(false);
  const range = rangeOf(days);

  async function onExport() {
    setExporting(true);
    try {
      await exportReport(queryClient, tab, range);
    } catch (error) {
      toastError('Erro ao exportar', describeError(error, tabOf(tab).errorText));
    } finally {
      setExporting(false);
    }
  }

  return (
    <div data-print-report="">
      <PageHeader
        title="Relatórios Financeiros"
        subtitle={`${tabOf(tab).title} · ${rangeText(range)}`}
        actions={
          <div className="flex flex-wrap items-center gap-2 print:hidden">
            <PeriodPicker days={days} onChange={setDays} />
            <Button variant="outline" onClick={() => void onExport()} disabled={exporting}>
              <DownloadIcon className="h-4 w-4" />
              {exporting ? 'Exportando...' : 'Exportar'}
            </Button>
            <Button variant="outline" onClick={() => window.print()}>
              <PrintIcon className="h-4 w-4" />
              Imprimir
            </Button>
          </div>
        }
      />
      <Tabs
        label="Relatórios"
        value={tab}
        onChange={(v) => setTab(v as ReportTabValue)}
        items={REPORT_TABS.map((t) => ({
          value: t.value,
          label: t.label,
          content: t.value === tab ? tabContent(t.value, range) : null,
        }))}
      />
    </div>
  );
}
