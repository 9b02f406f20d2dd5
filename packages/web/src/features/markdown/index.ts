// Markdown: the answer renderer (a lazy chunk; the text shows as written until it arrives), its
// preload, and copying text. See CONTEXT.md.
export { copyText } from './copy-text';
export { CitationLinksContext, type CitationLinks } from './citation-links';
export { MarkdownView, preloadMarkdown } from './MarkdownView';
// The canvas's highlighted source (its own lazy chunk imports it through the composition root).
export { HighlightedSource } from './HighlightedSource';
