import { describe, expect, it } from 'vitest';
import {
  applySelectionEdit,
  buildSelectionEditRequest,
  canvasEditNote,
  clampSelection,
  isCanvasEditNote,
  readSelectionReplacement,
} from '../../src/chat/canvas-edit';
import { findModel } from '../../src/models/catalogue';
import type { ModelDescriptor } from '../../src/models/model-descriptor';

const gpt4 = findModel('gpt-4') as ModelDescriptor;
const access = { apiKey: 'sk-test', endpoint: 'https://api.example/v1' };
const content = '# Shopping\n\n- Buy milk\n- Buy bread\n';
const document = { title: 'Shopping', language: 'markdown', content };
const milk = { start: content.indexOf('Buy milk'), end: content.indexOf('Buy milk') + 'Buy milk'.length };

describe('Edit in canvas', () => {
  it('CV1 clamps the selection to the document and orders its ends', () => {
    expect(clampSelection('abc', { start: 5, end: -2 })).toEqual({ start: 0, end: 3 });
    expect(clampSelection('abcdef', { start: 4, end: 1 })).toEqual({ start: 1, end: 4 });
  });

  it('CV1 sends nothing for a blank passage or a blank instruction', () => {
    const blank = { start: content.indexOf('\n\n'), end: content.indexOf('\n\n') + 2 };
    expect(
      buildSelectionEditRequest({ document, selection: blank, instruction: 'x', model: gpt4, access }),
    ).toEqual({ ok: false, reason: 'no-selection' });
    expect(
      buildSelectionEditRequest({ document, selection: milk, instruction: '  ', model: gpt4, access }),
    ).toEqual({ ok: false, reason: 'no-instruction' });
  });

  it('CV2 sends the document with the passage marked in place, the passage alone, then the instruction', () => {
    const built = buildSelectionEditRequest({
      document,
      selection: milk,
      instruction: ' make it oat milk ',
      model: gpt4,
      access,
    });
    if (!built.ok) throw new Error(built.reason);
    const [system, user] = built.request.messages;
    expect(system?.role).toBe('system');
    expect(system?.content).toContain('Answer with the new text of the passage only');
    expect(user?.role).toBe('user');
    const text = String(user?.content);
    expect(text).toContain('Document "Shopping" (markdown):');
    expect(text).toContain('<document>\n# Shopping\n\n- <selection>Buy milk</selection>\n- Buy bread\n');
    expect(text).toContain('The selected passage:\n<selection>Buy milk</selection>');
    expect(text.endsWith('Change only the selected passage: make it oat milk')).toBe(true);
    expect(built.request.apiKey).toBe('sk-test');
    expect(built.request.endpoint).toBe('https://api.example/v1');
    expect(built.request.settings.stream).toBe(false);
  });

  it('CV2 refuses a document that does not fit the model with room for the answer', () => {
    const tiny: ModelDescriptor = { ...gpt4, id: 'tiny', contextLength: 5000 };
    const long = { ...document, content: `${content}${'word '.repeat(8000)}` };
    expect(
      buildSelectionEditRequest({ document: long, selection: milk, instruction: 'x', model: tiny, access }),
    ).toEqual({ ok: false, reason: 'too-long' });
  });

  it('CV3 takes a fence or selection tags off the answer and keeps the passage’s own whitespace', () => {
    expect(readSelectionReplacement('Buy oat milk', 'Buy milk')).toBe('Buy oat milk');
    expect(readSelectionReplacement('```markdown\nBuy oat milk\n```', 'Buy milk')).toBe('Buy oat milk');
    expect(readSelectionReplacement('<selection>Buy oat milk</selection>\n', 'Buy milk')).toBe(
      'Buy oat milk',
    );
    expect(readSelectionReplacement('return a + b', '    return a - b\n')).toBe('    return a + b\n');
    expect(readSelectionReplacement('```py\n    return a + b\n```', '    return a - b\n')).toBe(
      '    return a + b\n',
    );
    expect(readSelectionReplacement('x = 1\ny = 2\n\n', 'x = 0\n')).toBe('x = 1\ny = 2\n');
  });

  it('CV4 Accept changes the passage and nothing else', () => {
    expect(applySelectionEdit(content, milk, 'Buy oat milk')).toBe(
      '# Shopping\n\n- Buy oat milk\n- Buy bread\n',
    );
    expect(applySelectionEdit('abc', { start: 3, end: 1 }, 'X')).toBe('aX');
  });

  it('CV5 the note of a version made in the canvas is a block the canvas reads, fenced past the document’s backticks', () => {
    expect(canvasEditNote({ title: 'Notes', language: 'html', content: '<p>hi</p>\n' })).toBe(
      'Edited in the canvas: Notes\n\n```html\n<p>hi</p>\n```',
    );
    const withFence = canvasEditNote({ title: 'Read\nme', language: 'markdown', content: '```js\nx\n```' });
    expect(isCanvasEditNote(withFence)).toBe(true);
    expect(isCanvasEditNote('Edited in the canvas: no block')).toBe(false);
    expect(withFence).toBe('Edited in the canvas: Read me\n\n````markdown\n```js\nx\n```\n````');
  });
});
