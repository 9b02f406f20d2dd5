import { describe, expect, it } from 'vitest';
import {
  canvasFileName,
  canvasKindOf,
  canvasTitleOf,
  mermaidPage,
  previewPage,
} from '../../src/features/canvas/canvas-store';

describe('which code blocks open in a canvas', () => {
  it('HTML, SVG, Markdown, and code files of some length; short snippets and plain text do not', () => {
    const long = Array.from({ length: 12 }, (_, n) => `line ${n}`).join('\n');
    expect(canvasKindOf('html', '<p>')).toBe('html');
    expect(canvasKindOf('svg', '<svg/>')).toBe('svg');
    expect(canvasKindOf('xml', '<svg width="1"></svg>')).toBe('svg');
    expect(canvasKindOf('md', '# A')).toBe('markdown');
    expect(canvasKindOf('python', long)).toBe('code');
    expect(canvasKindOf('python', 'print(1)')).toBeNull();
    expect(canvasKindOf(undefined, long)).toBeNull();
  });
});

describe('a canvas title and file', () => {
  it('takes the page title or first heading, else the language; a file name safe to save', () => {
    expect(canvasTitleOf('html', 'html', '<title>My page</title>')).toBe('My page');
    expect(canvasTitleOf('markdown', 'md', 'text\n## Plan: v2\nmore')).toBe('Plan: v2');
    expect(canvasTitleOf('code', 'ts', 'const a = 1')).toBe('TS');
    expect(canvasFileName({ kind: 'html', language: 'html', title: 'My page / <x>', content: '' })).toBe(
      'My-page-x.html',
    );
    expect(canvasFileName({ kind: 'code', language: 'ts', title: 'TS', content: '' })).toBe('TS.ts');
  });

  it('shows SVG inside a page of its own, for the sandbox frame', () => {
    const page = previewPage({ kind: 'svg', language: 'svg', title: 'SVG', content: '<svg></svg>' });
    expect(page).toMatch(/^<!doctype html>.*<svg><\/svg><\/body><\/html>$/);
  });
});

describe('a canvas and its versions', () => {
  it('finds every block of the same kind and title in the answers, oldest first, without repeats', async () => {
    const { canvasVersions, fencedBlocks } = await import('../../src/features/canvas/canvas-store');
    const page = (text: string) => `<title>Notes</title>\n<p>${text}</p>`;
    const answers = [
      `First:\n\n\`\`\`html\n${page('one')}\n\`\`\``,
      'No code here.',
      `Other page:\n\n\`\`\`html\n<title>Else</title>\n\`\`\`\n\nSame again:\n\n\`\`\`html\n${page('one')}\n\`\`\``,
      `Updated:\n\n~~~html\n${page('two')}\n~~~\n`,
    ];
    expect(fencedBlocks(answers[2] ?? '')).toHaveLength(2);
    const opened = { kind: 'html' as const, language: 'html', title: 'Notes', content: page('one') };
    expect(canvasVersions(opened, answers)).toEqual([page('one'), page('two')]);
    // A block not (yet) in the stored answers is still a version of its own.
    expect(canvasVersions({ ...opened, content: page('three') }, answers)).toEqual([
      page('one'),
      page('two'),
      page('three'),
    ]);
  });
});

describe('a Mermaid canvas (decision 0129)', () => {
  it('opens from a mermaid block, takes its front matter title, saves as .mmd', () => {
    const diagram = '---\ntitle: "Sign-up flow"\n---\nflowchart LR\n  A --> B';
    expect(canvasKindOf('mermaid', 'graph TD; A-->B')).toBe('mermaid');
    expect(canvasKindOf('mmd', 'graph TD; A-->B')).toBe('mermaid');
    expect(canvasTitleOf('mermaid', 'mermaid', diagram)).toBe('Sign-up flow');
    expect(canvasTitleOf('mermaid', 'mermaid', 'graph TD; A-->B')).toBe('MERMAID');
    expect(canvasFileName({ kind: 'mermaid', language: 'mermaid', title: 'Sign-up flow', content: '' })).toBe(
      'Sign-up-flow.mmd',
    );
  });

  it('puts renderer and diagram in the frame page as scripts neither can break out of', () => {
    const hostile = 'graph TD; A["</script><script>parent.x=1</script>"]-->B';
    const page = mermaidPage('var mermaid = {}; // "</script>" in a string', hostile);
    // The only script elements are the page's own two: nothing in the inputs closes or opens one.
    expect(page.match(/<script>/g)).toHaveLength(2);
    expect(page.match(/<\/script>/g)).toHaveLength(2);
    expect(page).toContain("securityLevel:'strict'");
    // The diagram reaches Mermaid unchanged.
    const literal = /var text=("[^\n]*?");mermaid/.exec(page)?.[1] ?? '';
    expect(JSON.parse(literal)).toBe(hostile);
  });

  it('follows the dark theme: a dark page and Mermaid’s dark theme', () => {
    expect(mermaidPage('', 'graph TD; A-->B')).toContain("theme:'default'");
    const dark = mermaidPage('', 'graph TD; A-->B', true);
    expect(dark).toContain("theme:'dark'");
    expect(dark).toContain('background:#18181b');
  });
});

describe('versions made in the canvas', () => {
  it('CV5 a note of the user is the next version; other user messages are not read', async () => {
    const { answersOf, canvasVersions } = await import('../../src/features/canvas/canvas-store');
    const { canvasEditNote } = await import('@parley/core/chat');
    const { parseMessage } = await import('@parley/core/entities');
    const message = (role: 'user' | 'assistant', content: string, id: string) =>
      parseMessage({ id, role, content, createdAt: 1, updatedAt: 1 });
    const first = '# List\n\n- milk';
    const edited = '# List\n\n- oat milk';
    const messages = [
      message('user', `Mine: \`\`\`md\n# List\n\n- pasted\n\`\`\``, 'm0'),
      message('assistant', `Here:\n\n\`\`\`md\n${first}\n\`\`\``, 'm1'),
      message('user', canvasEditNote({ title: 'List', language: 'md', content: edited }), 'm2'),
    ];
    const opened = { kind: 'markdown' as const, language: 'md', title: 'List', content: first };
    expect(canvasVersions(opened, answersOf(messages))).toEqual([first, edited]);
  });
});
