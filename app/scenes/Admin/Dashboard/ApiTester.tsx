import { useState } from 'react';
import { toast } from 'sonner';
import { errorMessage } from '../../../api/client';
import { useApiTest, type ApiTestResult } from '../../../api/adminDashboard';
import { Button } from '../../../components/ui/Button';
import { Card } from '../../../components/ui/Card';
import { Input, Label, Textarea } from '../../../components/ui/Field';

const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'];

/** The API tester: this site's own /api paths only (the server refuses any other target). */
export function ApiTester() {
  const [method, setMethod] = useState('GET');
  const [path, setPath] = useState('/api/health');
  const [headers, setHeaders] = useState('{}');
  const [body, setBody] = useState('');
  const [result, setResult] = useState<ApiTestResult | null>(null);
  const test = useApiTest();

  const send = async () => {
    if (!path.trim()) return void toast.error('Missing URL', { description: 'Please enter an API endpoint URL' });
    let parsed: Record<string, string>;
    try {
      parsed = JSON.parse(headers || '{}') as Record<string, string>;
      if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) throw new Error();
    } catch {
      return void toast.error('Test failed', { description: 'Headers must be a JSON object' });
    }
    try {
      const res = await test.mutateAsync({ method, path: path.trim(), headers: parsed, body: method === 'GET' ? null : body });
      setResult(res);
      if (res.ok) toast.success('Test successful', { description: `HTTP ${res.status} in ${res.durationMs} ms` });
      else toast.error('Test failed', { description: `Request failed: ${res.status} ${res.statusText} (${res.durationMs} ms)` });
    } catch (err) {
      setResult(null);
      toast.error('Test failed', { description: errorMessage(err, 'Request failed') });
    }
  };

  return (
    <Card className="p-4 sm:p-6">
      <h2 className="font-bold">API Tester</h2>
      <p className="mt-1 text-sm text-muted">Calls this site's own API (paths under /api). Your admin cookie is not passed on.</p>
      <div className="mt-4 flex gap-2">
        <label className="sr-only" htmlFor="api-method">Method</label>
        <select id="api-method" value={method} onChange={(e) => setMethod(e.target.value)} className="h-10 rounded-lg border border-line bg-surface px-2 text-sm">
          {METHODS.map((m) => <option key={m}>{m}</option>)}
        </select>
        <label className="sr-only" htmlFor="api-path">Path</label>
        <Input id="api-path" value={path} onChange={(e) => setPath(e.target.value)} placeholder="/api/health" spellCheck={false} />
      </div>
      <div className="mt-3"><Label htmlFor="api-headers">Headers (JSON)</Label><Textarea id="api-headers" value={headers} onChange={(e) => setHeaders(e.target.value)} className="min-h-16 font-mono" spellCheck={false} /></div>
      {method !== 'GET' && <div className="mt-3"><Label htmlFor="api-body">Body</Label><Textarea id="api-body" value={body} onChange={(e) => setBody(e.target.value)} className="font-mono" spellCheck={false} /></div>}
      <Button className="mt-3" onClick={() => void send()} disabled={test.isPending}>{test.isPending ? 'Sending...' : 'Send Request'}</Button>
      {result && (
        <div className="mt-4" data-testid="api-test-result">
          <p className={result.ok ? 'text-sm font-semibold text-brand-600 dark:text-brand-400' : 'text-sm font-semibold text-red-500'}>
            {result.status} {result.statusText} · {result.durationMs} ms
          </p>
          <pre className="mt-2 max-h-64 overflow-auto rounded bg-surface p-2 text-xs">{result.body}</pre>
        </div>
      )}
    </Card>
  );
}
