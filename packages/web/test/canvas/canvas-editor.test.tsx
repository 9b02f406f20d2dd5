import { findModel } from '@parley/core/models';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, it } from 'vitest';
import { CanvasEditor } from '../../src/features/canvas/CanvasEditor';
import type { CanvasEditPort } from '../../src/features/canvas/canvas-edits';
import type { CanvasDocument } from '../../src/features/canvas/canvas-open';
import { createI18n } from '../../src/i18n';

const list = '# Shopping list\n\n- Buy milk\n- Buy bread\n';
const document: CanvasDocument = {
  kind: 'markdown',
  language: 'markdown',
  title: 'Shopping list',
  content: list,
};

/** An OpenAI-compatible answer with `text`, as the provider sends it without streaming. */
function answer(text: string): Response {
  return new Response(
    JSON.stringify({
      id: 'chatcmpl-1',
      object: 'chat.completion',
      model: 'gpt-4',
      choices: [{ index: 0, message: { role: 'assistant', content: text }, finish_reason: 'stop' }],
      usage: { prompt_tokens: 10, completion_tokens: 3, total_tokens: 13 },
    }),
    { status: 200, headers: { 'Content-Type': 'application/json' } },
  );
}

function setup(reply: string) {
  const asked: unknown[] = [];
  const saved: string[] = [];
  const done: string[] = [];
  const edits: CanvasEditPort = {
    model: () => ({ ok: true, model: findModel('gpt-4')!, access: { apiKey: 'sk-test' } }),
    fetch: (async (_url: string, init: RequestInit) => {
      asked.push(JSON.parse(String(init.body)));
      return answer(reply);
    }) as unknown as typeof fetch,
    save: async (changed) => {
      saved.push(changed.content);
      return true;
    },
  };
  render(
    <I18nextProvider i18n={createI18n()}>
      <CanvasEditor
        document={document}
        edits={edits}
        onSaved={(content) => done.push(content)}
        onCancel={() => undefined}
      />
    </I18nextProvider>,
  );
  const text = screen.getByRole('textbox', { name: 'Document text' }) as HTMLTextAreaElement;
  const askAbout = async (passage: string, instruction: string) => {
    const at = text.value.indexOf(passage);
    text.setSelectionRange(at, at + passage.length);
    fireEvent.click(screen.getByRole('button', { name: 'Ask the model to change the selection' }));
    fireEvent.change(screen.getByRole('textbox', { name: 'What should change in the selection?' }), {
      target: { value: instruction },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Ask' }));
    return screen.findByLabelText("The model's change to the selection");
  };
  return { asked, saved, done, text, askAbout };
}

describe('Edit in canvas (decision 0135)', () => {
  it('CV2-CV4 the model’s new passage is shown as a diff; Reject changes nothing and saves nothing', async () => {
    const { asked, saved, askAbout } = setup('Buy oat milk');
    const diff = await askAbout('Buy milk', 'oat milk');
    expect(diff.textContent).toContain('- - Buy milk');
    expect(diff.textContent).toContain('+ - Buy oat milk');
    const messages = (asked[0] as { messages: { content: string }[] }).messages;
    expect(messages.at(-1)?.content).toContain('- <selection>Buy milk</selection>\n- Buy bread');
    fireEvent.click(screen.getByRole('button', { name: 'Reject' }));
    expect((screen.getByRole('textbox', { name: 'Document text' }) as HTMLTextAreaElement).value).toBe(list);
    expect(saved).toEqual([]);
  });

  it('CV4-CV5 Accept saves the document with only the passage changed, as the next version', async () => {
    const { saved, done, askAbout } = setup('```markdown\nBuy bread and butter\n```');
    await askAbout('Buy bread', 'add butter');
    fireEvent.click(screen.getByRole('button', { name: 'Accept' }));
    const expected = '# Shopping list\n\n- Buy milk\n- Buy bread and butter\n';
    await waitFor(() => expect(done).toEqual([expected]));
    expect(saved).toEqual([expected]);
  });

  it('asking without a selection says to select first, and sends nothing', () => {
    const { asked } = setup('unused');
    fireEvent.click(screen.getByRole('button', { name: 'Ask the model to change the selection' }));
    expect(screen.getByRole('alert').textContent).toBe('Select a passage first.');
    expect(asked).toEqual([]);
  });
});
