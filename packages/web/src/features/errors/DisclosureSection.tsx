import type { ReactNode } from 'react';
import { ChevronDownIcon } from '../../ui/icons/shell';

/** A collapsible area built on <details>/<summary>: keyboard and screen readers work natively. */
export function DisclosureSection({ title, children }: { title: ReactNode; children: ReactNode }) {
  return (
    <details className="group py-1">
      <summary className="flex cursor-pointer list-none items-center justify-between gap-2 rounded-md py-2.5 text-sm font-medium select-none hover:text-fg [&::-webkit-details-marker]:hidden">
        {title}
        <ChevronDownIcon size={16} className="text-fg-subtle transition-transform group-open:rotate-180" />
      </summary>
      <div className="pb-4">{children}</div>
    </details>
  );
}
