// Configurações > Fiscal (admins): the store's NFC-e setup, in cards: emission on or off,
// the A1 certificate, the emitter and the note's settings, each till's series, the IBPT
// table of the approximate taxes, 'CPF na nota', the offline contingency's settings and the
// tills that hold its signing key.
import { Card, CardContent, CardHeader } from '../../components/card';
import { QueryContent } from '../../components/list-card';
import { useFiscalSettings } from './fiscal-api';
import { FiscalCertificateCard } from './fiscal-certificate-card';
import { FiscalConsumerCard } from './fiscal-consumer-card';
import { FiscalContingencyCard } from './fiscal-contingency-card';
import { FiscalEmissionCard } from './fiscal-emission-card';
import { FiscalEmitterForm } from './fiscal-emitter-form';
import { FiscalIbptCard } from './fiscal-ibpt-card';
import { FiscalSeriesCard } from './fiscal-series-card';

export function FiscalTab() {
  const query = useFiscalSettings();
  return (
    <QueryContent
      query={query}
      loading="Carregando configurações fiscais..."
      failed="Erro ao carregar configurações fiscais"
      failedClassName="py-8"
    >
      {(view) => (
        <div className="grid grid-cols-1 items-start gap-6 xl:grid-cols-2">
          <FiscalEmissionCard view={view} />
          <FiscalCertificateCard certificate={view.certificate} />
          <Card className="xl:col-span-2">
            <CardHeader
              title="Emitente e NFC-e"
              description="A loja como as notas a nomeiam, o Responsável Técnico, o QR Code e os padrões dos produtos."
            />
            <CardContent>
              <FiscalEmitterForm key={query.dataUpdatedAt} view={view} />
            </CardContent>
          </Card>
          <FiscalSeriesCard view={view} version={query.dataUpdatedAt} />
          <FiscalIbptCard />
          <FiscalConsumerCard key={query.dataUpdatedAt} view={view} />
          <FiscalContingencyCard key={`contingency-${query.dataUpdatedAt}`} view={view} />
        </div>
      )}
    </QueryContent>
  );
}
