import { toast } from 'sonner';
import { useDeleteCharity, useMoveCharity, useUpdateCharity, type AdminCharity } from '../../../api/charities';

const success = (description: string) => toast.success('Success', { description });
const failure = (description: string) => toast.error('Error', { description });

/** The row actions with the toasts of spec 2 section 8. */
export function useCharityActions() {
  const move = useMoveCharity();
  const update = useUpdateCharity();
  const remove = useDeleteCharity();
  return {
    busy: move.isPending || update.isPending || remove.isPending,
    move: (c: AdminCharity, direction: 'up' | 'down') => move.mutateAsync({ id: c.id, direction })
      .then(() => success('Order updated successfully'), () => failure('Failed to update order')),
    toggle: (c: AdminCharity, active: boolean) => update.mutateAsync({ id: c.id, patch: { is_active: active } })
      .then(() => success(active ? 'Charity activated successfully' : 'Charity deactivated successfully'), () => failure('Failed to update charity status')),
    remove: (c: AdminCharity) => remove.mutateAsync(c.id)
      .then(() => { success('Charity deleted successfully'); return true; }, () => { failure('Failed to delete charity'); return false; }),
  };
}
