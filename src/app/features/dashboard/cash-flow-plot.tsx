// The cash-flow plot (Recharts, loaded lazily): Receitas and Despesas as stacked areas,
// Saldo (the running balance) as a line, day/month along the bottom.
import { Area, CartesianGrid, ComposedChart, Legend, Line, Tooltip, XAxis, YAxis } from 'recharts';
import { formatBRL } from '../../../shared/money';
import type { CashFlowChartData } from './api';
import { axisDay, axisMoney, CHART_COLORS, tooltipDay } from './chart-format';

export default function CashFlowPlot({ data }: { data: CashFlowChartData }) {
  return (
    <div data-testid="dashboard-cash-flow-chart" className="h-72 w-full">
      <ComposedChart responsive data={data} style={{ width: '100%', height: '100%' }} margin={{ left: 0, right: 8 }}>
        <CartesianGrid strokeDasharray="3 3" stroke={CHART_COLORS.grid} />
        <XAxis dataKey="date" tickFormatter={axisDay} fontSize={12} minTickGap={24} />
        <YAxis tickFormatter={axisMoney} fontSize={12} width={72} />
        <Tooltip labelFormatter={tooltipDay} formatter={(value) => formatBRL(Number(value))} />
        <Legend />
        <Area
          type="linear"
          dataKey="income"
          name="Receitas"
          stackId="movements"
          stroke={CHART_COLORS.income}
          fill={CHART_COLORS.income}
          fillOpacity={0.25}
          isAnimationActive={false}
        />
        <Area
          type="linear"
          dataKey="expenses"
          name="Despesas"
          stackId="movements"
          stroke={CHART_COLORS.expenses}
          fill={CHART_COLORS.expenses}
          fillOpacity={0.25}
          isAnimationActive={false}
        />
        <Line
          type="linear"
          dataKey="balance"
          name="Saldo"
          stroke={CHART_COLORS.balance}
          strokeWidth={2}
          dot={false}
          isAnimationActive={false}
        />
      </ComposedChart>
    </div>
  );
}
