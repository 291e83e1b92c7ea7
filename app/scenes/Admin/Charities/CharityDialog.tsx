import { useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { CHARITY_CATEGORIES } from '../../../../core/enums';
import { CharityCreate } from '../../../../core/schemas/charity';
import type { AdminCharity } from '../../../api/charities';
import { useCreateCharity, useUpdateCharity } from '../../../api/charities';
import { ApiError } from '../../../api/client';
import { Button } from '../../../components/ui/Button';
import { Dialog } from '../../../components/ui/Dialog';
import { Input, Label, Textarea } from '../../../components/ui/Field';

type FormValues = {
  name: string; category: string; wallet_address: string; website: string;
  website_url: string; logo: string; description: string; is_active: boolean;
};

const EMPTY: FormValues = { name: '', category: '', wallet_address: '', website: '', website_url: '', logo: '', description: '', is_active: true };

const fromCharity = (c: AdminCharity): FormValues => ({
  name: c.name, category: c.category, wallet_address: c.wallet_address, website: c.website ?? '',
  website_url: c.website_url ?? '', logo: c.logo ?? '', description: c.description ?? '', is_active: c.is_active,
});

const selectClass = 'h-10 w-full rounded-lg border border-line bg-surface px-3 text-sm text-fg focus-visible:outline-2 focus-visible:outline-brand-400';

/** Add (no charity) or edit (a charity): the form of spec 2 section 2.13, checked here and again by the server. */
export function CharityDialog({ open, charity, onClose }: { open: boolean; charity: AdminCharity | null; onClose: () => void }) {
  const [values, setValues] = useState<FormValues>(charity ? fromCharity(charity) : EMPTY);
  const [error, setError] = useState<string | null>(null);
  const create = useCreateCharity();
  const update = useUpdateCharity();
  const saving = create.isPending || update.isPending;
  const set = <K extends keyof FormValues>(key: K) => (value: FormValues[K]) => setValues((v) => ({ ...v, [key]: value }));

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const parsed = CharityCreate.safeParse(values);
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? 'Failed to save charity');
      return;
    }
    setError(null);
    try {
      if (charity) await update.mutateAsync({ id: charity.id, patch: parsed.data });
      else await create.mutateAsync(parsed.data);
      toast.success('Success', { description: charity ? 'Charity updated successfully' : 'Charity added successfully' });
      onClose();
    } catch (err) {
      // The server's message when it refused the charity (a duplicate wallet); the spec's words for anything else.
      const message = err instanceof ApiError && err.status >= 400 && err.status < 500 ? err.message : 'Failed to save charity';
      setError(message);
      toast.error('Error', { description: message });
    }
  };

  const text = (key: Exclude<keyof FormValues, 'is_active' | 'category' | 'description'>, label: string, props: { required?: boolean; placeholder?: string } = {}) => (
    <div>
      <Label htmlFor={`charity-${key}`}>{label}{props.required && <span className="text-red-500" aria-hidden> *</span>}</Label>
      <Input id={`charity-${key}`} value={values[key]} onChange={(e) => set(key)(e.target.value)} placeholder={props.placeholder} required={props.required}
        className={key === 'wallet_address' ? 'font-mono' : undefined} />
    </div>
  );

  return (
    <Dialog open={open} onOpenChange={(next) => { if (!next) onClose(); }} title={charity ? 'Edit Charity' : 'Add New Charity'}
      description={charity ? 'Changes show on the public page and the campaign form at once.' : 'New charities go to the end of the list.'}>
      <form onSubmit={(e) => void submit(e)} className="max-h-[65vh] space-y-3 overflow-y-auto pr-1" noValidate>
        {text('name', 'Name', { required: true })}
        <div>
          <Label htmlFor="charity-category">Category<span className="text-red-500" aria-hidden> *</span></Label>
          <select id="charity-category" value={values.category} onChange={(e) => set('category')(e.target.value)} className={selectClass} required>
            <option value="">Choose a category</option>
            {CHARITY_CATEGORIES.map((c) => <option key={c} value={c}>{c}</option>)}
          </select>
        </div>
        {text('wallet_address', 'Wallet address', { required: true, placeholder: 'Solana address (base58)' })}
        {text('website', 'Website', { required: true, placeholder: 'example.org' })}
        {text('website_url', 'Website URL', { placeholder: 'https://example.org (if different)' })}
        {text('logo', 'Logo URL', { placeholder: 'https://... or /ipfs/...' })}
        <div>
          <Label htmlFor="charity-description">Description</Label>
          <Textarea id="charity-description" value={values.description} onChange={(e) => set('description')(e.target.value)} />
        </div>
        <label className="flex items-center gap-2 text-sm">
          <input type="checkbox" checked={values.is_active} onChange={(e) => set('is_active')(e.target.checked)} className="h-4 w-4 accent-brand-500" />
          Active (shown on the public page and in the campaign form)
        </label>
        {error && <p className="text-sm text-red-500" role="alert">{error}</p>}
        <div className="flex justify-end gap-2 pt-2">
          <Button variant="secondary" onClick={onClose} disabled={saving}>Cancel</Button>
          <Button type="submit" disabled={saving}>{saving ? 'Saving...' : charity ? 'Save Changes' : 'Add Charity'}</Button>
        </div>
      </form>
    </Dialog>
  );
}
