// Notificações: preferences kept on this screen only; saving just confirms (spec §5).
import { useState } from 'react';
import { Button } from '../../components/button';
import { Card, CardContent, CardHeader } from '../../components/card';
import { CheckboxField } from '../../components/field';
import { toast } from '../../components/toast-store';

const OPTIONS = [
  { key: 'lowStock', label: 'Estoque baixo', description: 'Avisar quando um produto ficar abaixo do estoque mínimo.' },
  {
    key: 'overdueAccounts',
    label: 'Contas vencidas',
    description: 'Avisar sobre contas a pagar e a receber vencidas.',
  },
  { key: 'newSales', label: 'Novas vendas', description: 'Avisar a cada venda finalizada.' },
  { key: 'dailySummary', label: 'Resumo diário', description: 'Receber um resumo das vendas do dia.' },
] as const;

type Key = (typeof OPTIONS)[number]['key'];

export function NotificationsTab() {
  const [prefs, setPrefs] = useState<Record<Key, boolean>>({
    lowStock: true,
    overdueAccounts: true,
    newSales: false,
    dailySummary: false,
  });

  return (
    <Card>
      <CardHeader title="Notificações" description="Escolha quais avisos você quer receber." />
      <CardContent className="flex flex-col gap-2">
        {OPTIONS.map((option) => (
          <CheckboxField
            key={option.key}
            label={option.label}
            description={option.description}
            checked={prefs[option.key]}
            onChange={(checked) => setPrefs((p) => ({ ...p, [option.key]: checked }))}
          />
        ))}
        <div className="mt-4 flex justify-end">
          <Button
            onClick={() =>
              toast({ title: 'Preferências salvas', description: 'Suas preferências de notificação foram salvas.' })
            }
          >
            Salvar Preferências
          </Button>
        </div>
      </CardContent>
    </Card>
  );
}
