import { useState } from 'react';
import { usePermissions } from '../../auth/use-permissions';
import { PageHeader } from '../../components/page-header';
import { Tabs } from '../../components/tabs';
import { FiscalTab } from './fiscal-tab';
import { GeneralTab } from './general-tab';
import { NotificationsTab } from './notifications-tab';
import { SystemTab } from './system-tab';
import { UsersTab } from './users-tab';

export function SettingsScreen() {
  const [tab, setTab] = useState('geral');
  const { can } = usePermissions();
  return (
    <div>
      <PageHeader title="Configurações" subtitle="Informações da loja, usuários e preferências do sistema" />
      <Tabs
        label="Configurações"
        value={tab}
        onChange={setTab}
        items={[
          { value: 'geral', label: 'Geral', content: <GeneralTab /> },
          { value: 'usuarios', label: 'Usuários', content: <UsersTab /> },
          ...(can('fiscal.settings') ? [{ value: 'fiscal', label: 'Fiscal', content: <FiscalTab /> }] : []),
          { value: 'notificacoes', label: 'Notificações', content: <NotificationsTab /> },
          { value: 'sistema', label: 'Sistema', content: <SystemTab /> },
        ]}
      />
    </div>
  );
}
