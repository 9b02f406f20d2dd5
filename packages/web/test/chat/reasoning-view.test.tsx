import { fireEvent, render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { answer, renderAnswer } from './answer-item';
import { ReasoningView } from '../../src/features/chat/ReasoningView';

describe("The model's reasoning (AN4)", () => {
  it('while the model is still thinking, its reasoning shows open under "Thinking…"', () => {
    const view = renderAnswer(answer({ content: '', reasoning: 'The user asks about tides.' }), true);
    const toggle = view.getByRole('button', { name: 'Thinking…' });
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    expect(view.getByRole('region', { name: 'Reasoning' }).textContent).toBe('The user asks about tides.');
    expect(view.queryByText('Waiting for the answer…')).toBeNull();
  });

  it('while thinking the user can fold the reasoning, and it stays folded as more arrives', () => {
    const view = render(<ReasoningView text="Step one." thinking />);
    fireEvent.click(view.getByRole('button', { name: 'Thinking…' }));
    expect(view.queryByRole('region', { name: 'Reasoning' })).toBeNull();
    view.rerender(<ReasoningView text="Step one. Step two." thinking />);
    expect(view.getByRole('button', { name: 'Thinking…' }).getAttribute('aria-expanded')).toBe('false');
    view.rerender(<ReasoningView text="Step one. Step two." thinking={false} />);
    expect(view.queryByRole('region', { name: 'Reasoning' })).toBeNull();
  });

  it('once the answer is there the reasoning is folded, and opens and closes on click', () => {
    const view = renderAnswer(answer({ reasoning: 'The user asks about tides.' }));
    const toggle = view.getByRole('button', { name: 'Reasoning' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(view.queryByRole('region', { name: 'Reasoning' })).toBeNull();
    fireEvent.click(toggle);
    expect(view.getByRole('region', { name: 'Reasoning' }).textContent).toBe('The user asks about tides.');
    fireEvent.click(toggle);
    expect(view.queryByRole('region', { name: 'Reasoning' })).toBeNull();
  });

  it('an answer without reasoning shows no toggle', () => {
    const view = renderAnswer(answer({}));
    expect(view.queryByRole('button', { name: 'Reasoning' })).toBeNull();
  });
});
