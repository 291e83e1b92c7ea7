import { useEffect, useState } from 'react';
import { REPORT_MESSAGES, type ReportStatusFilter } from '../../../../core/schemas/report';
import { useAdminReports, type Report } from '../../../api/reports';
import { Button } from '../../../components/ui/Button';
import { Pagination } from '../../../components/ui/Pagination';
import { Spinner } from '../../../components/ui/Spinner';
import { ReportCard } from './ReportCard';

const PAGE = 20;

/** One tab's reports, newest first, a page at a time. */
export function ReportList({ status, empty, onView }: { status: ReportStatusFilter; empty: string; onView: (r: Report) => void }) {
  const [page, setPage] = useState(1);
  const list = useAdminReports(status, { limit: PAGE, offset: (page - 1) * PAGE });
  const pages = Math.max(1, Math.ceil((list.data?.total ?? 0) / PAGE));
  // A page emptied by reports moving to another tab falls back to the last one left.
  useEffect(() => { if (page > pages) setPage(pages); }, [page, pages]);

  if (list.isPending) return <Spinner label="Loading reports..." />;
  if (list.isError) {
    return (
      <div className="flex flex-col items-center gap-3 py-12 text-center" role="alert">
        <p className="text-muted">{REPORT_MESSAGES.loadFailed}</p>
        <Button variant="secondary" onClick={() => void list.refetch()}>Retry</Button>
      </div>
    );
  }
  if (list.data.reports.length === 0) return <p className="rounded-2xl border border-dashed border-line py-12 text-center text-muted">{empty}</p>;
  return (
    <div className="space-y-3">
      {list.data.reports.map((r) => <ReportCard key={r.id} report={r} onView={() => onView(r)} />)}
      {pages > 1 && <Pagination page={page} pages={pages} onPage={setPage} label="Report pages" />}
    </div>
  );
}
