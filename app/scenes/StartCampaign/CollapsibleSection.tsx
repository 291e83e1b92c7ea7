import * as Collapsible from '@radix-ui/react-collapsible';
import { ChevronDown } from 'lucide-react';
import type { ReactNode } from 'react';

type Props = { title: string; testId: string; open: boolean; onOpenChange: (open: boolean) => void; children: ReactNode };

/** Social Links, Cost Breakdown and Advanced Settings fold away. */
export function CollapsibleSection({ title, testId, open, onOpenChange, children }: Props) {
  return (
    <Collapsible.Root open={open} onOpenChange={onOpenChange} className="rounded-xl border border-line bg-surface" data-testid={testId}>
      <Collapsible.Trigger className="group flex w-full items-center justify-between gap-4 p-4 text-left font-semibold">
        {title}
        <ChevronDown className="h-5 w-5 shrink-0 transition-transform group-data-[state=open]:rotate-180" aria-hidden />
      </Collapsible.Trigger>
      <Collapsible.Content className="space-y-4 px-4 pb-4">{children}</Collapsible.Content>
    </Collapsible.Root>
  );
}
