/**
 * Markdown to the plain text a voice should read: no fences, markers, link targets or HTML.
 * Deliberately simple (line rules and a few inline patterns); code inside fences is kept as text.
 */
export function speechTextFromMarkdown(markdown: string): string {
  const lines = markdown.replace(/\r\n?/g, '\n').split('\n');
  const spoken: string[] = [];
  for (const raw of lines) {
    if (/^\s*(```|~~~)/.test(raw)) continue; // fence lines
    if (/^\s*\|?\s*:?-{3,}:?\s*(\|\s*:?-{3,}:?\s*)*\|?\s*$/.test(raw)) continue; // table rule
    if (/^\s*([-*_])(\s*\1){2,}\s*$/.test(raw)) continue; // horizontal rule
    if (/^\s*\$\$\s*$/.test(raw)) continue; // display-math fence
    const line = raw
      .replace(/^\s{0,3}#{1,6}\s+/, '') // heading
      .replace(/^\s*>+\s?/, '') // quote
      .replace(/^\s*(?:[-*+]|\d+[.)])\s+(?:\[[ xX]\]\s+)?/, '') // list item, task box
      .replace(/^\s*\|/, '')
      .replace(/\|\s*$/, '')
      .replace(/\s*\|\s*/g, ', '); // table cells
    spoken.push(stripInline(line));
  }
  return spoken
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

function stripInline(text: string): string {
  return text
    .replace(/!\[([^\]]*)\]\([^)]*\)/g, '$1') // image: its alt text
    .replace(/\[([^\]]+)\]\([^)]*\)/g, '$1') // link: its text
    .replace(/<\/?[a-zA-Z][^>]*>/g, '') // HTML tags
    .replace(/`([^`]*)`/g, '$1') // inline code
    .replace(/(\*\*|__)(.+?)\1/g, '$2') // bold
    .replace(/(^|[^\w*])([*_])(?=\S)(.+?)(?<=\S)\2(?![\w*])/g, '$1$3') // italic, not snake_case
    .replace(/~~(.+?)~~/g, '$1') // strikethrough
    .replace(/\$([^$]+)\$/g, '$1') // inline math
    .replace(/[ \t]{2,}/g, ' ')
    .trim();
}
