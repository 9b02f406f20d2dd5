import type { OrgSharedItem, OrgSharedKind } from '@parley/core/sync-client';

/** What the Shared tab's form edits: an agent's or a prompt's fields. */
export type SharedDraft = {
  kind: OrgSharedKind;
  /** Set when editing a published item. */
  id: string | null;
  title: string;
  description: string;
  instruction: string;
  welcomeMessage: string;
  content: string;
  /** The published item's other fields (model, examples, endpoints…), sent back unchanged. */
  rest: Record<string, unknown>;
};

export function emptyDraft(kind: OrgSharedKind): SharedDraft {
  return {
    kind,
    id: null,
    title: '',
    description: '',
    instruction: '',
    welcomeMessage: '',
    content: '',
    rest: {},
  };
}

const text = (value: unknown) => (typeof value === 'string' ? value : '');
/** Set by the server on every save (AD8): never sent. */
const SERVER_FIELDS = ['id', 'createdAt', 'updatedAt', 'schemaVersion'];

export function draftOf(kind: OrgSharedKind, shared: OrgSharedItem): SharedDraft {
  const rest = Object.fromEntries(
    Object.entries(shared.item).filter(([field]) => !SERVER_FIELDS.includes(field)),
  );
  return {
    kind,
    id: shared.id,
    title: text(shared.item.title),
    description: text(shared.item.description),
    instruction: text(shared.item.instruction),
    welcomeMessage: text(shared.item.welcomeMessage),
    content: text(shared.item.content),
    rest,
  };
}

/** The body the server parses with the core entity (AD8): the form's fields over the item's others. */
export function itemOfDraft(draft: SharedDraft): Record<string, unknown> {
  const title = draft.title.trim();
  if (draft.kind === 'prompts') return { ...draft.rest, title, content: draft.content };
  return {
    ...draft.rest,
    title,
    description: draft.description.trim(),
    instruction: draft.instruction,
    welcomeMessage: draft.welcomeMessage,
  };
}
