/**
 * Cutting the help texts (README's "Using Parley", the FAQ, the changelog) into sections the Help
 * screen lists, links to and searches. Pure: the texts come in as strings (bundled at build time).
 */

/** One part of a help text: a heading, its anchor id and the markdown under it. */
export type HelpSection = { id: string; title: string; body: string };

const FENCE = /^\s*(```|~~~)/;

/** A heading's anchor id: lower case, letters and digits joined by dashes. */
export function slugify(title: string): string {
  return title
    .toLocaleLowerCase('en')
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

/** The lines of a text with whether each is inside a fenced code block (where "#" is no heading). */
function linesWithFences(markdown: string): { line: string; inCode: boolean }[] {
  let open = false;
  return markdown.split(/\r?\n/).map((line) => {
    if (FENCE.test(line)) {
      open = !open;
      return { line, inCode: true };
    }
    return { line, inCode: open };
  });
}

function headingLevel(line: string): number {
  const match = /^(#{1,6})\s+\S/.exec(line);
  return match?.[1] ? match[1].length : 0;
}

/**
 * The text under a heading (e.g. "## Using Parley"), up to the next heading of the same or a higher
 * level; '' when there is no such heading. Headings inside code blocks do not count.
 */
export function cutUnderHeading(markdown: string, title: string): string {
  const lines = linesWithFences(markdown);
  const start = lines.findIndex(
    ({ line, inCode }) => !inCode && headingLevel(line) > 0 && line.replace(/^#+\s+/, '').trim() === title,
  );
  if (start < 0) return '';
  const level = headingLevel(lines[start]?.line ?? '');
  const rest = lines.slice(start + 1);
  const end = rest.findIndex(
    ({ line, inCode }) => !inCode && headingLevel(line) > 0 && headingLevel(line) <= level,
  );
  return (end < 0 ? rest : rest.slice(0, end))
    .map(({ line }) => line)
    .join('\n')
    .trim();
}

/**
 * Splits a text at its headings of one level ("### " by default) into sections; text before the first
 * such heading is dropped. Ids are unique (a repeated title gets "-2", "-3").
 */
export function splitSections(markdown: string, level = 3): HelpSection[] {
  const sections: HelpSection[] = [];
  const used = new Map<string, number>();
  let current: { title: string; lines: string[] } | undefined;
  const finish = () => {
    if (!current) return;
    const base = slugify(current.title) || 'section';
    const seen = (used.get(base) ?? 0) + 1;
    used.set(base, seen);
    sections.push({
      id: seen === 1 ? base : `${base}-${seen}`,
      title: current.title,
      body: current.lines.join('\n').trim(),
    });
  };
  for (const { line, inCode } of linesWithFences(markdown)) {
    if (!inCode && headingLevel(line) === level) {
      finish();
      current = { title: line.replace(/^#+\s+/, '').trim(), lines: [] };
    } else current?.lines.push(line);
  }
  finish();
  return sections;
}

/**
 * The sections whose title or text holds every word of the query (case-insensitive); a blank query
 * keeps them all.
 */
export function filterSections(sections: readonly HelpSection[], query: string): HelpSection[] {
  const words = query.toLocaleLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return [...sections];
  return sections.filter((section) => {
    const text = `${section.title}\n${section.body}`.toLocaleLowerCase();
    return words.every((word) => text.includes(word));
  });
}
