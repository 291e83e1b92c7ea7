import { useEffect, useState, type FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { Flag } from 'lucide-react';
import { toast } from 'sonner';
import { REPORT_TYPES, type ReportType } from '../../../core/enums';
import { REPORT_DESCRIPTION_MIN, REPORT_MESSAGES } from '../../../core/schemas/report';
import { useQuery } from '@tanstack/react-query';
import { campaignKey, type CampaignDetail } from '../../api/campaign';
import { api, orNull } from '../../api/client';
import { useSubmitReport } from '../../api/reports';
import { Button } from '../../components/ui/Button';
import { Card } from '../../components/ui/Card';
import { Input, Label, Textarea } from '../../components/ui/Field';
import { PageBanner } from '../../components/ui/PageBanner';
import { toastSubmissionFailed } from '../../lib/submissionFailed';
import { CampaignPicker, type PickedCampaign } from './CampaignPicker';

const REDIRECT_MS = 2000;

/** /report (spec 2 section 2.4): any visitor reports a campaign; /report?campaign={tokenAddress} comes prefilled. */
export function ReportPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const prefill = params.get('campaign') ?? '';
  const prefilled = useQuery({
    queryKey: campaignKey(prefill),
    queryFn: () => orNull(api.get<CampaignDetail>(`/api/campaigns/${encodeURIComponent(prefill)}`)),
    enabled: prefill !== '',
  });
  const [campaign, setCampaign] = useState<PickedCampaign | null>(null);
  const [reportType, setReportType] = useState<ReportType | ''>('');
  const [description, setDescription] = useState('');
  const [evidence, setEvidence] = useState('');
  const [email, setEmail] = useState('');
  const [xHandle, setXHandle] = useState('');
  const [telegram, setTelegram] = useState('');
  const [agree, setAgree] = useState(false);
  const [sent, setSent] = useState(false);
  const submit = useSubmitReport();

  useEffect(() => {
    const c = prefilled.data;
    if (c?.token_address) setCampaign({ token_address: c.token_address, ticker: c.ticker, name: c.title || c.name });
  }, [prefilled.data]);

  useEffect(() => {
    if (!sent) return;
    const timer = setTimeout(() => navigate('/'), REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [sent, navigate]);

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    if (!campaign || !reportType || !description.trim()) {
      toast.error(REPORT_MESSAGES.missingTitle, { description: REPORT_MESSAGES.missing });
      return;
    }
    if (description.trim().length < REPORT_DESCRIPTION_MIN) {
      toast.error(REPORT_MESSAGES.descriptionShortTitle, { description: REPORT_MESSAGES.descriptionShortHint(description.trim().length) });
      document.getElementById('report-description')?.focus();
      return;
    }
    if (!agree) {
      toast.error(REPORT_MESSAGES.agreementTitle, { description: REPORT_MESSAGES.agreement });
      return;
    }
    try {
      await submit.mutateAsync({
        token_address: campaign.token_address, report_type: reportType, description, evidence,
        contact_email: email, x_handle: xHandle, telegram_handle: telegram, agree: true,
      });
      toast.success(REPORT_MESSAGES.successTitle, { description: REPORT_MESSAGES.success });
      setSent(true);
    } catch (err) {
      // The spec's title and text, with the server's reason beside it (a too-short description, the hourly limit).
      toastSubmissionFailed(REPORT_MESSAGES.failure, err);
    }
  };

  const length = description.trim().length;
  const locked = sent || submit.isPending;
  return (
    <>
      <PageBanner title="Report a Campaign" subtitle="Help keep Causemint safe. Tell us about a campaign that looks fraudulent, misleading or harmful; our team reviews every report within 24-48 hours." />
      <div className="mx-auto max-w-2xl px-4 py-10 sm:px-6">
        <Card>
          <form onSubmit={onSubmit} className="space-y-5" noValidate data-testid="report-form">
            <div>
              <Label htmlFor="report-campaign">Campaign *</Label>
              {prefill && prefilled.isPending && !campaign
                ? <p className="text-sm text-muted">Loading campaign...</p>
                : <CampaignPicker value={campaign} onChange={setCampaign} disabled={locked} />}
              {prefill && prefilled.data === null && !campaign && <p className="mt-1 text-xs text-amber-600 dark:text-amber-400">That campaign was not found. Search for it instead.</p>}
            </div>
            <div>
              <Label htmlFor="report-type">Report type *</Label>
              <select
                id="report-type"
                className="h-10 w-full rounded-lg border border-line bg-surface px-3 text-sm text-fg focus-visible:outline-2 focus-visible:outline-brand-400"
                value={reportType}
                disabled={locked}
                onChange={(e) => setReportType(e.target.value as ReportType)}
              >
                <option value="">Select a report type</option>
                {REPORT_TYPES.map((t) => <option key={t} value={t}>{t}</option>)}
              </select>
            </div>
            <div>
              <Label htmlFor="report-description">Description *</Label>
              <Textarea id="report-description" rows={5} value={description} disabled={locked} maxLength={5000}
                placeholder="Describe what is wrong with this campaign, with as much detail as you can."
                onChange={(e) => setDescription(e.target.value)} aria-describedby="report-description-hint"
                aria-invalid={length > 0 && length < REPORT_DESCRIPTION_MIN ? true : undefined} />
              <p id="report-description-hint" className={`mt-1 text-xs ${length > 0 && length < REPORT_DESCRIPTION_MIN ? 'text-amber-600 dark:text-amber-400' : 'text-muted'}`}>
                {length > 0 && length < REPORT_DESCRIPTION_MIN
                  ? `Write at least ${REPORT_DESCRIPTION_MIN} characters: ${REPORT_DESCRIPTION_MIN - length} more (${length}/${REPORT_DESCRIPTION_MIN})`
                  : `Minimum ${REPORT_DESCRIPTION_MIN} characters (${length.toLocaleString('en-US')}/${REPORT_DESCRIPTION_MIN})`}
              </p>
            </div>
            <div>
              <Label htmlFor="report-evidence">Evidence or links (optional)</Label>
              <Textarea id="report-evidence" rows={3} value={evidence} disabled={locked} maxLength={2000}
                placeholder="Links to screenshots, posts or transactions that support your report" onChange={(e) => setEvidence(e.target.value)} />
            </div>
            <div>
              <Label htmlFor="report-email">Contact email (optional)</Label>
              <Input id="report-email" type="email" autoComplete="email" value={email} disabled={locked} placeholder="you@example.com" onChange={(e) => setEmail(e.target.value)} />
              <p className="mt-1 text-xs text-muted">Only if you want us to be able to follow up with you.</p>
            </div>
            <div className="grid gap-5 sm:grid-cols-2">
              <div>
                <Label htmlFor="report-x">X handle (optional)</Label>
                <Input id="report-x" value={xHandle} disabled={locked} placeholder="@username" onChange={(e) => setXHandle(e.target.value)} />
              </div>
              <div>
                <Label htmlFor="report-telegram">Telegram handle (optional)</Label>
                <Input id="report-telegram" value={telegram} disabled={locked} placeholder="@username" onChange={(e) => setTelegram(e.target.value)} />
              </div>
            </div>
            <label className="flex items-start gap-3 text-sm">
              <input type="checkbox" className="mt-0.5 h-4 w-4 shrink-0 accent-brand-500" checked={agree} disabled={locked}
                onChange={(e) => setAgree(e.target.checked)} data-testid="report-agree" />
              <span>
                I confirm this report is accurate to the best of my knowledge and made in good faith, and I agree to the{' '}
                <Link to="/terms" className="text-brand-600 dark:text-brand-400 underline">Terms of Use</Link>. False reports may be ignored.
              </span>
            </label>
            <Button type="submit" size="lg" className="w-full" disabled={!agree || locked}>
              <Flag className="h-4 w-4" aria-hidden /> {submit.isPending ? 'Submitting...' : sent ? 'Report submitted' : 'Submit Report'}
            </Button>
          </form>
        </Card>
      </div>
    </>
  );
}
