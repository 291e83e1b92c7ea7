import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { Lock } from 'lucide-react';
import { toast } from 'sonner';
import { ADMIN_PREFIX } from '../../../core/constants';
import { useAdminLogin } from '../../api/adminSession';
import { ApiError } from '../../api/client';
import { Button } from '../../components/ui/Button';
import { Input, Label } from '../../components/ui/Field';

const MISMATCH = 'Invalid username or password';
// One id: a new failure replaces the toast, and a successful login dismisses it.
const LOGIN_FAILED_TOAST = 'admin-login-failed';

export function AdminLoginPage() {
  const navigate = useNavigate();
  const login = useAdminLogin();
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    try {
      await login.mutateAsync({ username, password });
      toast.dismiss(LOGIN_FAILED_TOAST);
      navigate(`${ADMIN_PREFIX}/dashboard`, { replace: true });
    } catch (err) {
      // Throttling (429: how long to wait) and outages keep the server's words; everything else is the spec's mismatch text.
      const message = err instanceof ApiError && err.status !== 401 && err.status !== 400 ? err.message : MISMATCH;
      setError(message);
      toast.error('Login failed', { id: LOGIN_FAILED_TOAST, description: message === MISMATCH ? 'Please check your credentials' : message });
    }
  };

  return (
    <main className="flex min-h-screen items-center justify-center bg-surface px-4">
      <form onSubmit={submit} className="w-full max-w-sm rounded-2xl border border-line bg-surface-2 p-6 shadow-xl sm:p-8" aria-labelledby="admin-login-title">
        <div className="mx-auto flex h-12 w-12 items-center justify-center rounded-full bg-brand-500/15 text-brand-600 dark:text-brand-400">
          <Lock className="h-6 w-6" aria-hidden />
        </div>
        <h1 id="admin-login-title" className="mt-4 text-center text-2xl font-bold">Admin Login</h1>
        <p className="mt-1 text-center text-sm text-muted">Sign in to manage the platform.</p>
        <div className="mt-6 space-y-4">
          <div>
            <Label htmlFor="admin-username">Username</Label>
            <Input id="admin-username" autoComplete="username" required value={username} onChange={(e) => setUsername(e.target.value)} />
          </div>
          <div>
            <Label htmlFor="admin-password">Password</Label>
            <Input id="admin-password" type="password" autoComplete="current-password" required value={password} onChange={(e) => setPassword(e.target.value)} />
          </div>
          {error && <p role="alert" className="rounded-lg border border-red-500/40 bg-red-500/10 p-2 text-sm text-red-400">{error}</p>}
          <Button type="submit" className="w-full" disabled={login.isPending}>
            {login.isPending ? 'Logging in...' : 'Login to Dashboard'}
          </Button>
        </div>
      </form>
    </main>
  );
}
