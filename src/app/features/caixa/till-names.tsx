// Caixas > 'Nomes dos caixas' (admins): each till of the store with the code its sale numbers
// start with and the browser it runs in, and 'Renomear' to give it the name the owner calls
// it by ('Caixa 1', 'Balcão 2'; unique in the store: the server's 409 is shown as it says).
import { useState } from 'react';
import type { Device } from '../../../shared/contract/sale-history';
import { DEVICE_NAME_MAX } from '../../../shared/contract/sale-history';
import { tillName } from '../../../shared/till-name';
import { usePermissions } from '../../auth/use-permissions';
import { Button } from '../../components/button';
import { Card, CardContent, CardHeader } from '../../components/card';
import { TextField } from '../../components/field';
import { FormDialog } from '../../components/form-dialog';
import { toast } from '../../components/toast-store';
import { useRenameTill, useTills } from './api';

export function TillNames() {
  const { isAdmin } = usePermissions();
  const tills = useTills(isAdmin);
  const [editing, setEditing] = useState<Device | null>(null);
  if (!isAdmin || !tills.data || tills.data.length === 0) return null;
  return (
    <Card className="mb-4">
      <CardHeader
        title="Nomes dos caixas"
        description="Como cada aparelho aparece nos caixas, nas vendas e no recibo"
      />
      <CardContent>
        <ul className="divide-y divide-slate-100 text-sm">
          {tills.data.map((d) => (
            <li key={d.id} className="flex flex-wrap items-center justify-between gap-2 py-2">
              <span className="min-w-0 break-words">
                <span className="font-medium text-slate-900" data-testid="till-name">
                  {tillName({ name: d.name, code: d.code }) ?? d.code}
                </span>
                {d.label ? <span className="block text-xs text-slate-500">{d.label}</span> : null}
              </span>
              <Button variant="outline" size="sm" onClick={() => setEditing(d)} aria-label={`Renomear caixa ${d.code}`}>
                Renomear
              </Button>
            </li>
          ))}
        </ul>
      </CardContent>
      {editing ? <RenameTillDialog till={editing} onClose={() => setEditing(null)} /> : null}
    </Card>
  );
}

function RenameTillDialog({ till, onClose }: { till: Device; onClose: () => void }) {
  const [name, setName] = useState(till.name ?? '');
  const [error, setError] = useState<string | undefined>();
  const rename = useRenameTill();
  return (
    <FormDialog
      title={`Renomear caixa ${till.code}`}
      size="sm"
      saving={rename.isPending}
      onClose={onClose}
      submitLabel="Salvar"
      className="flex flex-col gap-4"
      onSubmit={() => {
        if (name.trim() === '') {
          setError('Informe o nome do caixa');
          return;
        }
        rename.mutate(
          { id: till.id, name: name.trim() },
          {
            onSuccess: (saved) => {
              toast({ title: 'Caixa renomeado', description: `${tillName(saved) ?? saved.code} salvo.` });
              onClose();
            },
            onError: (e) => setError(e instanceof Error ? e.message : 'Não foi possível salvar o nome.'),
          },
        );
      }}
    >
      <TextField
        label="Nome do caixa"
        value={name}
        maxLength={DEVICE_NAME_MAX}
        placeholder="Caixa 1"
        required
        error={error}
        onChange={(e) => {
          setName(e.target.value);
          setError(undefined);
        }}
      />
    </FormDialog>
  );
}
