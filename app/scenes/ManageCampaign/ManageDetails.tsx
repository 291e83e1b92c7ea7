import { useState } from 'react';
import { toast } from 'sonner';
import { lamportsToSolString } from '../../../core/money';
import { CampaignDetailsEdit, STORY_MAX, type CampaignDetailsEditInput } from '../../../core/schemas/campaignDetails';
import { useCreatorWrites, type CampaignDetail } from '../../api/campaign';
import { refusalMessage } from '../../api/client';
import { Button } from '../../components/ui/Button';
import { Card } from '../../components/ui/Card';
import { Input, Label, Textarea } from '../../components/ui/Field';

type Values = { story: string; goal: string; website: string; twitter: string; telegram: string; discord: string };
type FieldName = keyof Values;

const valuesOf = (c: CampaignDetail): Values => ({
  story: c.story, goal: lamportsToSolString(BigInt(c.goal_lamports)),
  website: c.website ?? '', twitter: c.twitter ?? '', telegram: c.telegram ?? '', discord: c.discord ?? '',
});

const LINKS: { name: Exclude<FieldName, 'story' | 'goal'>; label: string; placeholder: string }[] = [
  { name: 'website', label: 'Website', placeholder: 'https://your-cause.org' },
  { name: 'twitter', label: 'X / Twitter', placeholder: '@yourcause' },
  { name: 'telegram', label: 'Telegram', placeholder: 't.me/yourcause' },
  { name: 'discord', label: 'Discord', placeholder: 'discord.gg/invite' },
];

/**
 * The manage page's story, goal and links after launch. Only changed fields are sent; every
 * saved change is public in the campaign's edit history, so the form says so.
 */
export function ManageDetails({ campaign }: { campaign: CampaignDetail }) {
  const { editDetails } = useCreatorWrites(campaign.token_address!);
  const [saved, setSaved] = useState(() => valuesOf(campaign));
  const [values, setValues] = useState(saved);
  const [errors, setErrors] = useState<Partial<Record<FieldName, string>>>({});
  const changed = (Object.keys(values) as FieldName[]).filter((name) => values[name] !== saved[name]);
  const set = (name: FieldName) => (event: { target: { value: string } }) => {
    setValues((v) => ({ ...v, [name]: event.target.value }));
    setErrors((e) => ({ ...e, [name]: undefined }));
  };

  const submit = async () => {
    const body: CampaignDetailsEditInput = Object.fromEntries(changed.map((name) => [name, values[name]]));
    const checked = CampaignDetailsEdit.safeParse(body);
    if (!checked.success) {
      setErrors(Object.fromEntries(checked.error.issues.map((issue) => [String(issue.path[0]), issue.message])));
      return;
    }
    try {
      await editDetails.mutateAsync(body);
      setSaved(values);
      toast.success('Campaign details saved', { description: 'Visitors see what changed in the edit history.' });
    } catch (err) {
      toast.error('Failed to save changes', { description: refusalMessage(err, 'Please try again later.') });
    }
  };

  const field = (name: FieldName) => ({
    id: `details-${name}`, value: values[name], onChange: set(name),
    'aria-invalid': errors[name] ? true : undefined, 'aria-describedby': errors[name] ? `details-${name}-error` : undefined,
  });
  const error = (name: FieldName) => errors[name] && <p id={`details-${name}-error`} className="mt-1 text-xs text-red-400">{errors[name]}</p>;

  return (
    <Card data-testid="manage-details">
      <h2 className="text-lg font-bold">Story, Goal and Links</h2>
      <p className="mt-1 text-sm text-muted">Keep supporters up to date. Every change is shown to visitors as edited, and the goal's history stays on the page.</p>
      <form className="mt-4 flex flex-col gap-4" noValidate onSubmit={(e) => { e.preventDefault(); void submit(); }}>
        <div>
          <Label htmlFor="details-story">Story</Label>
          <Textarea {...field('story')} rows={10} maxLength={STORY_MAX} className="min-h-48" />
          <div className="mt-1 flex justify-between gap-2 text-xs text-muted">
            <span>Plain text: leave a blank line between paragraphs. Links show as text.</span>
            <span aria-live="polite">{values.story.length}/{STORY_MAX}</span>
          </div>
          {error('story')}
        </div>
        <div className="max-w-xs">
          <Label htmlFor="details-goal">Goal (SOL)</Label>
          <Input {...field('goal')} inputMode="decimal" />
          {error('goal')}
        </div>
        <div className="grid gap-4 sm:grid-cols-2">
          {LINKS.map((link) => (
            <div key={link.name}>
              <Label htmlFor={`details-${link.name}`}>{link.label}</Label>
              <Input {...field(link.name)} placeholder={link.placeholder} />
              {error(link.name)}
            </div>
          ))}
        </div>
        <div className="flex flex-wrap items-center gap-3">
          <Button type="submit" disabled={changed.length === 0 || editDetails.isPending}>{editDetails.isPending ? 'Saving...' : 'Save Changes'}</Button>
          {changed.length > 0 && <Button variant="ghost" onClick={() => { setValues(saved); setErrors({}); }}>Discard</Button>}
        </div>
      </form>
    </Card>
  );
}
