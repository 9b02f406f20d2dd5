import type { ThemedToken } from 'shiki/core';

/** Highlighted lines: each token with both themes' colours (markdown.css picks the dark one). */
export function TokenLines({ tokens }: { tokens: ThemedToken[][] }) {
  return tokens.map((line, lineIndex) => (
    <span key={lineIndex}>
      {line.map((token, index) => (
        <span key={index} style={token.htmlStyle}>
          {token.content}
        </span>
      ))}
      {lineIndex < tokens.length - 1 ? '\n' : null}
    </span>
  ));
}
