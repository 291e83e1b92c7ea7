import { Input } from '../../components/ui/Field';
import { CollapsibleSection } from './CollapsibleSection';
import { FormField } from './FormField';
import type { CreationFormState } from './useCreationForm';

const LINKS = [
  { field: 'website', label: 'Website', placeholder: 'https://example.org', hint: 'If empty, the campaign page is used.' },
  { field: 'twitter', label: 'Twitter/X', placeholder: '@handle or https://x.com/handle', hint: undefined },
  { field: 'telegram', label: 'Telegram', placeholder: '@group or https://t.me/group', hint: undefined },
] as const;

export function SocialLinks({ form }: { form: CreationFormState }) {
  return (
    <CollapsibleSection title="Social Links" testId="section-social" open={form.openSections.social} onOpenChange={(o) => form.setSectionOpen('social', o)}>
      {LINKS.map(({ field, label, placeholder, hint }) => (
        <FormField key={field} id={field} label={label} error={form.errors[field]} hint={hint}>
          <Input id={field} name={field} value={form.values[field]} placeholder={placeholder} autoComplete="off"
            onChange={(e) => form.setField(field, e.target.value)} onBlur={() => form.touch(field)} aria-invalid={Boolean(form.errors[field])} />
        </FormField>
      ))}
    </CollapsibleSection>
  );
}
