// An honest placeholder for a screen that arrives in a later version: no fake data.
import { Card, CardContent } from './card';
import { PageHeader } from './page-header';

export function PlaceholderScreen({
  title,
  subtitle,
  description,
}: {
  title: string;
  subtitle?: string;
  description: string;
}) {
  return (
    <div>
      <PageHeader title={title} subtitle={subtitle} />
      <Card>
        <CardContent className="py-10 text-center">
          <p className="text-base font-medium text-slate-800">Esta tela chega na próxima versão do Balcão.</p>
          <p className="mt-2 text-sm text-slate-500">{description}</p>
        </CardContent>
      </Card>
    </div>
  );
}
