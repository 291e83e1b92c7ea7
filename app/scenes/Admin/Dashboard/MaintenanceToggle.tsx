import { useState } from 'react';
import * as Switch from '@radix-ui/react-switch';
import { toast } from 'sonner';
import { DEFAULT_MAINTENANCE_MESSAGE } from '../../../../core/constants';
import { errorMessage } from '../../../api/client';
import { useUpdateMaintenance, type SiteSettings } from '../../../api/settings';
import { Card } from '../../../components/ui/Card';
import { Label, Textarea } from '../../../components/ui/Field';

/** The on/off switch: takes effect at once for every visitor. */
export function MaintenanceToggle({ settings }: { settings: SiteSettings }) {
  const update = useUpdateMaintenance();
  const [message, setMessage] = useState(settings.maintenance_message ?? '');
  const on = settings.maintenance_mode;

  const toggle = async (next: boolean) => {
    try {
      await update.mutateAsync({ maintenance_mode: next, maintenance_message: message.trim() });
      toast.success(next ? 'Maintenance mode enabled' : 'Maintenance mode disabled', {
        description: next ? 'Visitors now see the maintenance page.' : 'The site is live again.',
      });
    } catch (err) {
      toast.error('Update failed', { description: errorMessage(err, 'Failed to update maintenance mode') });
    }
  };

  return (
    <Card>
      <h2 className="text-lg font-bold">Maintenance Mode</h2>
      <p className="mt-1 text-sm text-muted">Replaces every public page with the maintenance page. Admin pages stay reachable.</p>
      <div className="mt-5 flex items-center justify-between gap-4 rounded-xl border border-line bg-surface p-4">
        <Label htmlFor="maintenance-switch" className="mb-0">
          Maintenance is <span className={on ? 'text-gold-400' : 'text-brand-600 dark:text-brand-400'} data-testid="maintenance-state">{on ? 'ON' : 'OFF'}</span>
        </Label>
        <Switch.Root
          id="maintenance-switch"
          checked={on}
          disabled={update.isPending}
          onCheckedChange={toggle}
          className="relative h-7 w-12 shrink-0 rounded-full bg-surface-3 transition-colors data-[state=checked]:bg-gold-500 disabled:opacity-50"
        >
          <Switch.Thumb className="block h-6 w-6 translate-x-0.5 rounded-full bg-white shadow transition-transform data-[state=checked]:translate-x-[22px]" />
        </Switch.Root>
      </div>
      <div className="mt-4">
        <Label htmlFor="maintenance-message">Maintenance message</Label>
        <Textarea id="maintenance-message" value={message} onChange={(e) => setMessage(e.target.value)} placeholder={DEFAULT_MAINTENANCE_MESSAGE} />
        <p className="mt-1 text-xs text-muted">Saved when you switch maintenance on or off. Empty uses the default message.</p>
      </div>
    </Card>
  );
}
