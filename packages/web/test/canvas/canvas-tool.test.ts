import { describe, expect, it } from 'vitest';
import { canvasBlock, createCanvasSource, parseCanvasCall } from '../../src/features/canvas/canvas-tool';
import { useCanvas } from '../../src/features/canvas/canvas-open';

describe('the canvas tools', () => {
  it('check their arguments with messages the model can act on', () => {
    expect(parseCanvasCall('create_canvas', { id: 'a', kind: 'pdf', title: 'T', content: 'x' })).toEqual({
      ok: false,
      message: 'create_canvas needs "kind": one of html, svg, mermaid, markdown, code.',
    });
    expect(parseCanvasCall('update_canvas', { id: ' ', kind: 'html', title: 'T', content: 'x' })).toEqual({
      ok: false,
      message: 'update_canvas needs an "id" and a "title".',
    });
    expect(
      parseCanvasCall('create_canvas', { id: 'a', kind: 'code', title: 'T', content: 'x = 1' }),
    ).toMatchObject({
      ok: true,
      language: 'text',
    });
  });

  it('show the document as a block whose fence its own backticks cannot close', () => {
    const call = parseCanvasCall('create_canvas', {
      id: 'a',
      kind: 'markdown',
      title: 'Guide',
      content: '# Guide\n```js\nx\n```',
    });
    if (!call.ok) throw new Error(call.message);
    expect(canvasBlock(call)).toBe('````markdown\n# Guide\n```js\nx\n```\n````');
  });

  it('write a Mermaid diagram as a mermaid block under its title (decision 0129)', () => {
    const call = parseCanvasCall('create_canvas', {
      id: 'flow',
      kind: 'mermaid',
      title: 'Flow',
      content: 'flowchart LR\n  A --> B',
    });
    if (!call.ok) throw new Error(call.message);
    expect(canvasBlock(call)).toBe('**Flow**\n\n```mermaid\nflowchart LR\n  A --> B\n```');
  });

  it('are listed only when switched on, and open the canvas with the document', async () => {
    let on = false;
    const source = createCanvasSource({ enabled: () => on });
    expect(await source.list()).toEqual([]);
    on = true;
    const [create] = await source.list();
    expect(create?.definition.name).toBe('create_canvas');
    const result = await source.run(
      create!,
      {
        id: 'c1',
        name: 'create_canvas',
        arguments: { id: 'p', kind: 'html', title: 'Page', content: '<title>Mine</title>' },
      },
      { signal: new AbortController().signal, userMessage: '', timeoutMs: 1000 },
    );
    expect(result).toMatchObject({
      status: 'ok',
      display: { kind: 'markdown', markdown: '```html\n<title>Mine</title>\n```' },
    });
    // Known by the title its content gives, so later blocks read as its versions.
    expect(useCanvas.getState().document).toEqual({
      kind: 'html',
      language: 'html',
      title: 'Mine',
      content: '<title>Mine</title>',
    });
  });
});
