import { describe, expect, it } from 'vitest';
import { cutForModel, MCP_RESULT_MODEL_LIMIT, mcpToolResult } from '../../src/mcp';

const note = (chars: number) => `cut note ${chars}`;

describe('MCP tool results', () => {
  it('MC5 text parts are joined for the model and nothing more is shown', () => {
    const result = mcpToolResult(
      {
        content: [
          { type: 'text', text: 'one' },
          { type: 'text', text: 'two' },
        ],
      },
      note,
    );
    expect(result).toEqual({ status: 'ok', forModel: 'one\n\ntwo' });
  });

  it('MC5 structured content alone goes to the model as JSON and is shown as a JSON block', () => {
    const result = mcpToolResult({ structuredContent: { temperature: 21 } }, note);
    expect(result.status).toBe('ok');
    if (result.status !== 'ok') return;
    expect(JSON.parse(result.forModel)).toEqual({ temperature: 21 });
    expect(result.display).toEqual({ kind: 'markdown', markdown: '```json\n{\n  "temperature": 21\n}\n```' });
  });

  it('MC5 images are shown inline and named for the model; resource links become links', () => {
    const result = mcpToolResult(
      {
        content: [
          { type: 'image', data: 'iVBORw0KGgo=', mimeType: 'image/png' },
          { type: 'resource_link', uri: 'https://example.com/a.pdf', name: 'a.pdf' },
          { type: 'resource_link', uri: 'file:///etc/passwd', name: 'local' },
        ],
      },
      note,
    );
    if (result.status !== 'ok') throw new Error('expected ok');
    expect(result.forModel).toContain('[An image (image/png) was shown to the user.]');
    expect(result.forModel).toContain('Resource: a.pdf (https://example.com/a.pdf)');
    expect(result.display).toMatchObject({ kind: 'markdown' });
    const markdown = result.display?.kind === 'markdown' ? result.display.markdown : '';
    expect(markdown).toContain('![image](data:image/png;base64,iVBORw0KGgo=)');
    expect(markdown).toContain('[a.pdf](https://example.com/a.pdf)');
    // Only http(s) resource links are clickable.
    expect(markdown).toContain('local (`file:///etc/passwd`)');
  });

  it('MC5 isError makes the call an error with its text', () => {
    expect(mcpToolResult({ isError: true, content: [{ type: 'text', text: 'no city' }] }, note)).toEqual({
      status: 'error',
      message: 'no city',
    });
  });

  it('MC6 a result over the limit is cut for the model with a marker and the user is told', () => {
    const big = 'x'.repeat(5 * 1024 * 1024);
    const result = mcpToolResult({ content: [{ type: 'text', text: big }] }, note);
    if (result.status !== 'ok') throw new Error('expected ok');
    expect(result.forModel.length).toBeLessThan(MCP_RESULT_MODEL_LIMIT + 200);
    expect(result.forModel).toContain(
      `[… cut: the result had ${big.length} characters; only the first ${MCP_RESULT_MODEL_LIMIT} are given.]`,
    );
    const markdown = result.display?.kind === 'markdown' ? result.display.markdown : '';
    expect(markdown.startsWith(`> cut note ${big.length}`)).toBe(true);
    expect(markdown.length).toBeLessThan(MCP_RESULT_MODEL_LIMIT + 400);
  });

  it('MC6 a short text is not cut', () => {
    expect(cutForModel('abc', 5)).toEqual({ text: 'abc', cut: false });
  });
});
