// Configurações > Fiscal > 'Certificado digital A1': what the store's certificate is (its
// holder, CNPJ, validity and serial; never its key, which stays on the server) and the
// upload of a new .pfx with its password, which the server checks before keeping it.
import { useState, type FormEvent } from 'react';
import type { CertificateInfo } from '../../../shared/contract/fiscal-settings';
import { CERTIFICATE_WARNING_DAYS } from '../../../shared/contract/fiscal-settings';
import { formatDocument } from '../../../shared/documents';
import { Badge } from '../../components/badge';
import { Button } from '../../components/button';
import { Card, CardContent, CardHeader } from '../../components/card';
import { TextField } from '../../components/field';
import { FilePicker } from '../../components/file-picker';
import { toast, toastError } from '../../components/toast-store';
import { describeError } from '../../lib/api-error';
import { useUploadCertificate } from './fiscal-api';

const brDate = (iso: string) => new Date(iso).toLocaleDateString('pt-BR', { timeZone: 'America/Sao_Paulo' });

function CertificateSummary({ certificate }: { certificate: CertificateInfo }) {
  const { days_left: days } = certificate;
  const tone = days < 0 ? 'red' : days <= CERTIFICATE_WARNING_DAYS ? 'yellow' : 'green';
  const state = days < 0 ? 'Vencido' : days <= CERTIFICATE_WARNING_DAYS ? `Vence em ${days} dias` : 'Válido';
  return (
    <dl aria-label="Certificado da loja" className="grid grid-cols-1 gap-x-4 gap-y-2 text-sm sm:grid-cols-[auto_1fr]">
      <dt className="text-slate-500">Titular</dt>
      <dd className="break-words text-slate-900">{certificate.subject}</dd>
      <dt className="text-slate-500">CNPJ</dt>
      <dd className="text-slate-900">{formatDocument(certificate.cnpj)}</dd>
      <dt className="text-slate-500">Validade</dt>
      <dd className="flex flex-wrap items-center gap-2 text-slate-900">
        de {brDate(certificate.not_before)} a {brDate(certificate.not_after)}
        <Badge tone={tone}>{state}</Badge>
      </dd>
      <dt className="text-slate-500">Número de série</dt>
      <dd className="break-all text-slate-900">{certificate.serial}</dd>
    </dl>
  );
}

export function FiscalCertificateCard({ certificate }: { certificate: CertificateInfo | null }) {
  const upload = useUploadCertificate();
  const [file, setFile] = useState<File | null>(null);
  const [password, setPassword] = useState('');
  // A new input after each upload, so the chosen file is cleared.
  const [inputKey, setInputKey] = useState(0);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!file) {
      toastError('Erro ao enviar o certificado', 'Escolha o arquivo .pfx do certificado A1.');
      return;
    }
    try {
      const saved = await upload.mutateAsync({ file, password });
      setFile(null);
      setPassword('');
      setInputKey((k) => k + 1);
      toast({ title: 'Certificado salvo', description: `Certificado de ${formatDocument(saved.cnpj)} guardado.` });
    } catch (error) {
      toastError('Erro ao enviar o certificado', describeError(error, 'Erro ao enviar o certificado'));
    }
  }

  return (
    <Card>
      <CardHeader
        title="Certificado digital A1"
        description="O arquivo .pfx da empresa, com que as notas são assinadas. Fica cifrado no servidor e nunca vai para os caixas."
      />
      <CardContent className="flex flex-col gap-4">
        {certificate ? (
          <CertificateSummary certificate={certificate} />
        ) : (
          <p className="text-sm text-slate-600">Nenhum certificado enviado.</p>
        )}
        <form onSubmit={(e) => void onSubmit(e)} noValidate className="grid grid-cols-1 gap-4 sm:grid-cols-2">
          <FilePicker
            key={inputKey}
            label={certificate ? 'Novo arquivo do certificado (.pfx)' : 'Arquivo do certificado (.pfx)'}
            accept=".pfx,.p12,application/x-pkcs12"
            file={file}
            disabled={upload.isPending}
            onFile={setFile}
          />
          <TextField
            label="Senha do certificado"
            type="password"
            autoComplete="off"
            value={password}
            disabled={upload.isPending}
            onChange={(e) => setPassword(e.target.value)}
          />
          <div className="flex justify-end sm:col-span-2">
            <Button type="submit" disabled={upload.isPending}>
              {upload.isPending ? 'Enviando...' : 'Enviar certificado'}
            </Button>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}
