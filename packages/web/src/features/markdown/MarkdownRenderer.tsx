import 'katex/dist/katex.min.css';
import './markdown.css';
import { Fragment, memo, useContext, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../i18n';
import Markdown, { type Components } from 'react-markdown';
import rehypeKatex from 'rehype-katex';
import remarkGfm from 'remark-gfm';
import remarkMath from 'remark-math';
import { CitationLinksContext } from './citation-links';
import { CodeBlock } from './CodeBlock';
import { AnswerImage } from '../remote-images';
import { boundMarkdown } from './markdown-bounds';
import { chunkBlock } from './markdown-chunks';
import { plainPreview } from './plain-preview';
import { remarkCitations } from './remark-citations';
import { RenderCache } from './markdown-render-cache';
import { safeMarkdownUrl } from './safe-url';

/**
 * The markdown stack (react-markdown, GFM, math with KaTeX, code blocks): its own chunk, loaded on the
 * first message that needs it. Raw HTML in the text is dropped (skipHtml), never rendered; URLs pass
 * through safeMarkdownUrl; KaTeX runs untrusted (no \href or \html* commands). Remote images wait for a
 * click or an allowed host (AnswerImage), so an answer cannot send chat text out in an image URL.
 * Nesting and the parser's work are bounded first (markdown-bounds.ts, decision 0068): text past the
 * bound is shown as written, never parsed. A numbered reference to a source (`[1]`) is a button when
 * the answer's sources know it (remark-citations.ts, decision 0132).
 */
const remarkPlugins = [remarkGfm, remarkMath, remarkCitations];
const rehypePlugins: NonNullable<Parameters<typeof Markdown>[0]['rehypePlugins']> = [
  [rehypeKatex, { throwOnError: false, strict: 'ignore', trust: false }],
];

type HastNode = {
  type: string;
  value?: string;
  tagName?: string;
  properties?: Record<string, unknown>;
  children?: HastNode[];
};

function textOf(node: HastNode | undefined): string {
  if (!node) return '';
  if (node.type === 'text') return node.value ?? '';
  return (node.children ?? []).map(textOf).join('');
}

function languageOf(code: HastNode | undefined): string | undefined {
  const classes = code?.properties?.className;
  const list = Array.isArray(classes) ? classes : [];
  const language = list.find(
    (name): name is string => typeof name === 'string' && name.startsWith('language-'),
  );
  return language?.slice('language-'.length);
}

/**
 * Where a parsed piece goes: a whole block, or a chunk of a large table (the first keeps the header)
 * or paragraph (markdown-chunks.ts), whose own table or paragraph element the renderer provides.
 */
type Part = 'whole' | 'table-first' | 'table-rest' | 'paragraph';

function partComponents(part: Part): Components {
  if (part === 'paragraph') return { p: ({ children }) => <>{children}</> };
  if (part === 'whole') return {};
  return {
    table: ({ children }) => <>{children}</>,
    ...(part === 'table-rest' ? { thead: () => null } : {}),
  };
}

/**
 * A numbered reference (remark-citations.ts): a button that opens the source when the answer's
 * sources have that number, else the text as written. The only buttons markdown yields are these
 * (raw HTML is skipped), and only its number is read from the text.
 */
function Citation({ number, children }: { number: number; children: ReactNode }) {
  const links = useContext(CitationLinksContext);
  const label = links?.label(number) ?? null;
  if (!links || label === null) return <>{children}</>;
  return (
    <button
      type="button"
      className="md-cite"
      aria-label={label}
      title={label}
      onClick={() => links.open(number)}
    >
      {children}
    </button>
  );
}

function components(live: boolean, part: Part): Components {
  return {
    button: ({ node, children }) => (
      <Citation number={Number((node as HastNode | undefined)?.properties?.dataCite)}>{children}</Citation>
    ),
    a: ({ href, children }) => {
      // An unsafe URL was emptied by safeUrl: keep the text, drop the link.
      if (!href) return <span>{children}</span>;
      return (
        <a href={href} target="_blank" rel="noopener noreferrer">
          {children}
        </a>
      );
    },
    pre: ({ node }) => {
      const code = (node as HastNode | undefined)?.children?.find((child) => child.tagName === 'code');
      const text = textOf(code).replace(/\n$/, '');
      return <CodeBlock code={text} info={languageOf(code)} live={live} />;
    },
    table: ({ children }) => (
      <div className="md-table-wrap" data-scroll-x="">
        <table>{children}</table>
      </div>
    ),
    img: ({ src, alt }) =>
      typeof src === 'string' && src ? <AnswerImage src={src} alt={alt ?? ''} /> : null,
    ...partComponents(part),
  };
}

const PARTS: readonly Part[] = ['whole', 'table-first', 'table-rest', 'paragraph'];
const componentSets = new Map(
  PARTS.flatMap((part) => [
    [`${part}:static`, components(false, part)],
    [`${part}:live`, components(true, part)],
  ]),
);

type PieceProps = { text: string; live: boolean; part?: Part };

function renderPiece(text: string, live: boolean, part: Part) {
  return Markdown({
    remarkPlugins,
    rehypePlugins,
    components: componentSets.get(`${part}:${live ? 'live' : 'static'}`),
    urlTransform: safeMarkdownUrl,
    skipHtml: true,
    children: text,
  });
}

/** About 2 MB of answer text (a few long chats' worth) stays rendered. */
const finishedPieces = new RenderCache(2_000_000);

const MarkdownPiece = memo(function MarkdownPiece({ text, live, part = 'whole' }: PieceProps) {
  // The streaming piece changes with every chunk: caching it would only evict finished ones.
  if (live) return renderPiece(text, live, part);
  return finishedPieces.get(`${part}\u0000${text}`, () => renderPiece(text, live, part));
});

/** One top-level block: parsed whole, or in chunks when it is a large table or paragraph. */
const MarkdownBlock = memo(function MarkdownBlock({ text, live }: { text: string; live: boolean }) {
  const block = chunkBlock(text);
  if (block.kind === 'whole') return <MarkdownPiece text={text} live={live} />;
  const last = block.chunks.length - 1;
  const pieces = block.chunks.map((chunk, index) => {
    const part: Part = block.kind === 'paragraph' ? 'paragraph' : index === 0 ? 'table-first' : 'table-rest';
    return <MarkdownPiece key={index} text={chunk} live={live && index === last} part={part} />;
  });
  if (block.kind === 'paragraph') {
    // A newline between chunks is the soft line break the cut removed.
    return <p>{pieces.flatMap((piece, index) => (index === 0 ? [piece] : ['\n', piece]))}</p>;
  }
  return (
    <div className="md-table-wrap" data-scroll-x="">
      <table>{pieces}</table>
    </div>
  );
});

/**
 * Text past the nesting and work bound, as written; the first such piece of a message says why. A
 * long one starts as a preview (plain-preview.ts) with a button for the rest.
 */
const PlainText = memo(function PlainText({ text, note }: { text: string; note: boolean }) {
  const { t } = useTranslation();
  const format = useFormat();
  const [whole, setWhole] = useState(false);
  const preview = plainPreview(text);
  const cut = !whole && preview.length < text.length;
  return (
    <div className="md-plain">
      {note && <p className="md-plain-note">{t('markdown.tooDeep')}</p>}
      <div className="md-plain-text" tabIndex={0} role="region" aria-label={t('markdown.tooDeepLabel')}>
        {cut ? `${preview}…` : text}
      </div>
      {cut && (
        <button type="button" className="md-plain-more" onClick={() => setWhole(true)}>
          {t('markdown.showRest', {
            chars: format.number(text.length - preview.length),
          })}
        </button>
      )}
    </div>
  );
});

export type MarkdownRendererProps = { text: string; streaming?: boolean };

export default function MarkdownRenderer({ text, streaming = false }: MarkdownRendererProps): ReactNode {
  const blocks = boundMarkdown(text);
  const firstPlain = blocks.findIndex((block) => block.plain !== '');
  return (
    <div className="md-body">
      {blocks.map((block, index) => (
        <Fragment key={index}>
          {block.markdown !== '' && (
            <MarkdownBlock text={block.markdown} live={streaming && index === blocks.length - 1} />
          )}
          {block.plain !== '' && <PlainText text={block.plain} note={index === firstPlain} />}
        </Fragment>
      ))}
    </div>
  );
}
