export { copyText } from './copy-text';
export { MarkdownView, preloadMarkdown } from './MarkdownView';
