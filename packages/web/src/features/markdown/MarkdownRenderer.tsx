import 'katex/dist/katex.min.css';
import './markdown.css';
import { memo, type ReactNode } from 'react';
import Markdown, { type Components } from 'react-markdown';
import rehypeKatex from 'rehype-katex';
import remarkGfm from 'remark-gfm';
import remarkMath from 'remark-math';
import { CodeBlock } from './CodeBlock';
import { AnswerImage } from '../remote-images';
import { splitMarkdownBlocks } from './markdown-blocks';
import { safeMarkdownUrl } from './safe-url';

/**
 * The markdown stack (react-markdown, GFM, math with KaTeX, code blocks): its own chunk, loaded on the
 * first message that needs it. Raw HTML in the text is dropped (skipHtml), never rendered; URLs pass
 * through safeMarkdownUrl; KaTeX runs untrusted (no \href or \html* commands). Remote images wait for a
 * click or an allowed host (AnswerImage), so an answer cannot send chat text out in an image URL.
 */
const remarkPlugins = [remarkGfm, remarkMath];
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

function components(live: boolean): Components {
  return {
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
  };
}

const staticComponents = components(false);
const liveComponents = components(true);

const MarkdownBlock = memo(function MarkdownBlock({ text, live }: { text: string; live: boolean }) {
  return (
    <Markdown
      remarkPlugins={remarkPlugins}
      rehypePlugins={rehypePlugins}
      components={live ? liveComponents : staticComponents}
      urlTransform={safeMarkdownUrl}
      skipHtml
    >
      {text}
    </Markdown>
  );
});

export type MarkdownRendererProps = { text: string; streaming?: boolean };

export default function MarkdownRenderer({ text, streaming = false }: MarkdownRendererProps): ReactNode {
  const blocks = splitMarkdownBlocks(text);
  return (
    <div className="md-body">
      {blocks.map((block, index) => (
        <MarkdownBlock key={index} text={block} live={streaming && index === blocks.length - 1} />
      ))}
    </div>
  );
}
