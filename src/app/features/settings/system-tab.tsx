// Sistema: the store's settings (saved on the server), backup frequency (display only) and
// the password card, whose save only confirms with a toast (spec §5: local only, no checks).
import { useState, type FormEvent } from 'react';
import { Button } from '../../components/button';
import { Card, CardContent, CardHeader } from '../../components/card';
import { SelectField, TextField } from '../../components/field';
import { toast } from '../../components/toast-store';
import { ReceiptSettingsCard } from './receipt-settings-card';
import { CrediarioSettingsCard } from './crediario-settings-card';
import { StockEntrySettingsCard } from './stock-entry-settings-card';
import { StoreSettingsCard } from './store-settings-card';

export function SystemTab() {
  const [frequency, setFrequency] = useState('diário');
  const [passwords, setPasswords] = useState({ current: '', next: '', confirm: '' });

  function onSavePassword(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setPasswords({ current: '', next: '', confirm: '' });
    toast({ title: 'Senha alterada', description: 'Sua senha foi alterada com sucesso!' });
  }

  const password = (key: keyof typeof passwords) => ({
    value: passwords[key],
    onChange: (e: { target: { value: string } }) => setPasswords((p) => ({ ...p, [key]: e.target.value })),
  });

  return (
    <div className="grid grid-cols-1 items-start gap-6 xl:grid-cols-2">
      <StoreSettingsCard />
      <StockEntrySettingsCard />
      <ReceiptSettingsCard />
      <CrediarioSettingsCard />
      <Card>
        <CardHeader title="Backup" description="Cópia de segurança dos dados da loja." />
        <CardContent>
          <SelectField label="Frequência do backup" value={frequency} onChange={(e) => setFrequency(e.target.value)}>
            <option value="diário">Diário</option>
            <option value="semanal">Semanal</option>
            <option value="mensal">Mensal</option>
          </SelectField>
        </CardContent>
      </Card>
      <Card>
        <CardHeader title="Segurança" description="Alteração da senha de acesso." />
        <CardContent>
          <form onSubmit={onSavePassword} className="flex flex-col gap-4" noValidate>
            <TextField label="Senha atual" type="password" autoComplete="current-password" {...password('current')} />
            <TextField label="Nova senha" type="password" autoComplete="new-password" {...password('next')} />
            <TextField
              label="Confirmar nova senha"
              type="password"
              autoComplete="new-password"
              {...password('confirm')}
            />
            <div className="flex justify-end">
              <Button type="submit">Alterar Senha</Button>
            </div>
          </form>
        </CardContent>
      </Card>
    </div>
  );
}
