import { ArrowLeft } from 'lucide-react';
import { ADMIN_PREFIX } from '../../../../core/constants';
import { ButtonLink } from '../../../components/ui/Button';
import { ConnectionTest } from './ConnectionTest';
import { UploadTest } from './UploadTest';

/** /xk9j2m4p/test-pinata (spec 2 section 2.14): the configured storage's connection and upload test. */
export function TestPinataPage() {
  return (
    <div className="min-h-screen bg-surface">
      <main className="mx-auto max-w-4xl space-y-6 px-4 py-6 sm:px-6">
        <ButtonLink to={`${ADMIN_PREFIX}/dashboard?tab=sdk`} variant="ghost" size="sm"><ArrowLeft className="h-4 w-4" aria-hidden /> Back to Dashboard</ButtonLink>
        <div>
          <h1 className="text-2xl font-bold">File Pinning Test</h1>
          <p className="mt-1 text-sm text-muted">Checks the storage uploads go to: Pinata when PINATA_JWT is set, otherwise the local content-addressed store.</p>
        </div>
        <ConnectionTest />
        <UploadTest />
      </main>
    </div>
  );
}
