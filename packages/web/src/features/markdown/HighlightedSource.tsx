import { useEffect, useState } from 'react';
import type { ThemedToken } from 'shiki/core';
import { cn } from '../../ui/cn';
import { cachedTokens, highlightCode, resolveLanguage } from './highlighter';
import { TokenLines } from './token-lines';

/**
 * A whole source file highlighted like a code block (the canvas's Source view): plain text at once,
 * coloured when the highlighting worker answers; a language it does not know stays plain.
 */
export function HighlightedSource({
  code,
  language: info,
  label,
  className,
}: {
  code: string;
  /** The fence's language ("python", "html"). */
  language: string;
  label: string;
  className?: string;
}) {
  const language = resolveLanguage(info);
  const [highlighted, setHighlighted] = useState<{ code: string; tokens: ThemedToken[][] } | null>(null);
  const cached = language ? cachedTokens(code, language) : undefined;
  const tokens = cached ?? (highlighted?.code === code ? highlighted.tokens : undefined);
  useEffect(() => {
    if (!language || tokens) return;
    let cancelled = false;
    highlightCode(code, language).then(
      (result) => {
        if (!cancelled && result) setHighlighted({ code, tokens: result });
      },
      (error: unknown) => console.warn('highlighting failed', error),
    );
    return () => {
      cancelled = true;
    };
  }, [code, language, tokens]);
  return (
    <pre aria-label={label} className={cn(className, tokens && 'shiki-tokens')}>
      <code>{tokens ? <TokenLines tokens={tokens} /> : code}</code>
    </pre>
  );
}
