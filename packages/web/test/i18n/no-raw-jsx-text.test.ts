import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/**
 * Convention: every visible string goes through t() (en.json). This scans the app's TSX for JSX text
 * with letters and for literal user-facing attributes. Emoji and punctuation are allowed.
 */
// Test files render fixtures, not app text: they are not scanned.
const sources = import.meta.glob<string>(['../../src/**/*.tsx', '!../../src/**/*.test.tsx'], {
  query: '?raw',
  import: 'default',
  eager: true,
});
const USER_FACING_ATTRIBUTES = new Set([
  'aria-label',
  'title',
  'placeholder',
  'alt',
  'label',
  'aria-description',
]);
const LETTER = /\p{L}/u;

function rawStrings(fileName: string, text: string): string[] {
  const found: string[] = [];
  const file = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
  const visit = (node: ts.Node) => {
    if (ts.isJsxText(node) && LETTER.test(node.text)) found.push(node.text.trim());
    if (
      ts.isJsxAttribute(node) &&
      USER_FACING_ATTRIBUTES.has(node.name.getText(file)) &&
      node.initializer &&
      ts.isStringLiteral(node.initializer) &&
      LETTER.test(node.initializer.text)
    ) {
      found.push(`${node.name.getText(file)}="${node.initializer.text}"`);
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return found;
}

describe('no raw strings in JSX', () => {
  it('scans the app sources', () => {
    expect(Object.keys(sources).length).toBeGreaterThan(10);
  });

  it.each(Object.entries(sources))('%s shows text only through t()', (fileName, text) => {
    expect(rawStrings(fileName, text)).toEqual([]);
  });

  it('would catch a raw string', () => {
    expect(rawStrings('x.tsx', 'const a = <p title="Hello">Hi there</p>;')).toEqual([
      'title="Hello"',
      'Hi there',
    ]);
  });
});
