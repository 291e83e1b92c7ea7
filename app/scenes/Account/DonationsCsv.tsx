import { useState } from 'react';
import { Download } from 'lucide-react';
import { FIRST_DONATION_YEAR } from '../../../core/receipt';
import { donorCsvUrl } from '../../api/receipts';

/** 'Download my donations (CSV)' for a year or all time: one row per direct donation with its receipt link. */
export function DonationsCsv() {
  const thisYear = new Date().getUTCFullYear();
  const years = Array.from({ length: thisYear - FIRST_DONATION_YEAR + 1 }, (_, i) => thisYear - i);
  const [year, setYear] = useState<string>('all');
  return (
    <div className="mt-3 flex flex-wrap items-center gap-2 text-sm" data-testid="donations-csv">
      <label htmlFor="donations-csv-year" className="sr-only">Year</label>
      <select id="donations-csv-year" value={year} onChange={(e) => setYear(e.target.value)}
        className="h-8 rounded-lg border border-line bg-surface px-2 text-sm">
        <option value="all">All time</option>
        {years.map((y) => <option key={y} value={y}>{y}</option>)}
      </select>
      <a href={donorCsvUrl(year === 'all' ? 'all' : Number(year))} download className="inline-flex items-center gap-1 font-semibold text-brand-400 hover:underline">
        <Download className="h-4 w-4" aria-hidden /> Download my donations (CSV)
      </a>
    </div>
  );
}
