import { Link } from 'react-router';
import { ADMIN_PREFIX } from '../../../core/constants';

/** Shown only to a signed-in admin while maintenance is on: what they see is not what visitors see. */
export function AdminPreviewBanner() {
  return (
    <div role="status" className="bg-amber-500 px-4 py-2 text-center text-sm font-semibold text-black" data-testid="admin-preview-banner">
      Maintenance mode is on: visitors see the maintenance page. You see the site because you are signed in as an admin.{' '}
      <Link to={`${ADMIN_PREFIX}/dashboard?tab=maintenance`} className="underline">Maintenance settings</Link>
    </div>
  );
}
