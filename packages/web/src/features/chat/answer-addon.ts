import type { Message } from '@parley/core/entities';
import { createElement, type ComponentType, type ReactNode } from 'react';
import { create } from 'zustand';
import type { CitationLinks } from '../markdown';

/**
 * What another feature shows under a finished answer (the knowledge base's citations): one slot,
 * filled by the composition root when that feature's code has loaded, so the chat never imports it.
 */
export type AnswerAddonProps = { message: Message };
export type AnswerAddon = ComponentType<AnswerAddonProps>;

/** The slot keeps a render function: the component itself is made once, when it is set. */
export const useAnswerAddon = create<{ render: ((props: AnswerAddonProps) => ReactNode) | null }>()(() => ({
  render: null,
}));

export function setAnswerAddon(Addon: AnswerAddon | null): void {
  useAnswerAddon.setState({ render: Addon ? (props) => createElement(Addon, props) : null });
}

/**
 * The numbered references of an answer made clickable in its text (decision 0132), by message id:
 * the addon that knows the answer's sources sets them while it is shown.
 */
export const useAnswerCitationLinks = create<{ byMessage: Readonly<Record<string, CitationLinks>> }>()(
  () => ({ byMessage: {} }),
);

export function setAnswerCitationLinks(messageId: string, links: CitationLinks | null): void {
  useAnswerCitationLinks.setState((state) => {
    const { [messageId]: _previous, ...rest } = state.byMessage;
    return { byMessage: links ? { ...rest, [messageId]: links } : rest };
  });
}
