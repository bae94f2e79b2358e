// The sales plot (Recharts, loaded lazily): Vendas (count) on the left axis, Receita
// (reais) on the right, day/month along the bottom, a tooltip with both.
import { CartesianGrid, Legend, Line, LineChart, Tooltip, XAxis, YAxis } from 'recharts';
import { formatBRL } from '../../../shared/money';
import { axisDay, axisMoney, CHART_COLORS, GRID, LINE, PLOT_STYLE, tooltipDay } from '../../lib/plot-format';
import type { SalesChartData } from './api';
import { integer } from './dashboard-format';

export default function SalesPlot({ data }: { data: SalesChartData }) {
  return (
    <div data-testid="sales-chart" className="h-72 w-full">
      <LineChart responsive data={data} style={PLOT_STYLE} margin={{ left: 0, right: 0 }}>
        <CartesianGrid {...GRID} />
        <XAxis dataKey="date" tickFormatter={axisDay} fontSize={12} minTickGap={24} />
        <YAxis
          yAxisId="sales"
          allowDecimals={false}
          tickFormatter={(v: number) => integer.format(v)}
          fontSize={12}
          width={40}
        />
        <YAxis yAxisId="revenue" orientation="right" tickFormatter={axisMoney} fontSize={12} width={72} />
        <Tooltip
          labelFormatter={tooltipDay}
          formatter={(value, name) => (name === 'Receita' ? formatBRL(Number(value)) : integer.format(Number(value)))}
        />
        <Legend />
        <Line {...LINE} yAxisId="sales" dataKey="sales" name="Vendas" stroke={CHART_COLORS.sales} />
        <Line {...LINE} yAxisId="revenue" dataKey="revenue" name="Receita" stroke={CHART_COLORS.revenue} />
      </LineChart>
    </div>
  );
}
