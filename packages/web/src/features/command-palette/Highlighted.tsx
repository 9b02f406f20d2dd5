import type { TextRange } from '@parley/core/search';

/** Text with the matched range wrapped in <mark>. */
export function Highlighted({ text, range }: { text: string; range: TextRange | null }) {
  if (!range || range.end <= range.start) return <>{text}</>;
  return (
    <>
      {text.slice(0, range.start)}
      <mark className="rounded-sm bg-yellow-200 px-px text-inherit dark:bg-yellow-500/40">
        {text.slice(range.start, range.end)}
      </mark>
      {text.slice(range.end)}
    </>
  );
}
