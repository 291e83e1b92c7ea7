import { Navigate, Outlet } from 'react-router';
import { ADMIN_PREFIX } from '../../../core/constants';
import { useAdminSession } from '../../api/adminSession';
import { Spinner } from '../../components/ui/Spinner';

/** Every admin route but the login: no valid server session means the login page. */
export function AdminGuard() {
  const session = useAdminSession();
  if (session.isPending) return <Spinner label="Checking session..." />;
  if (session.isError) return <Navigate to={`${ADMIN_PREFIX}/login`} replace />;
  return <Outlet />;
}
