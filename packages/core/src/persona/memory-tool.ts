import type { ToolDefinition } from '../providers';
import { isKnownFact } from './memory-proposal';

/**
 * MP6–MP8: with global memory on, the model can keep a fact about the user itself through the
 * built-in `save_memory` tool (the tool loop runs it); the user still sees, edits and deletes every
 * entry in Settings → Memory.
 */
export const SAVE_MEMORY_FUNCTION = 'save_memory';
/** MP7: one fact, short. */
export const MEMORY_FACT_MAX_CHARS = 500;

export const saveMemoryTool: ToolDefinition = {
  name: SAVE_MEMORY_FUNCTION,
  description:
    'Save one lasting fact about the user (their name, work, preferences, people and things they mention) so it ' +
    'is remembered in later chats. Use it only for facts the user would want remembered, one short sentence each, ' +
    'written in the third person ("The user ...").',
  parameters: {
    type: 'object',
    properties: { fact: { type: 'string', description: 'The fact, one short sentence.' } },
    required: ['fact'],
  },
};

export type MemoryToolOutcome =
  { kind: 'save'; fact: string } | { kind: 'known'; fact: string } | { kind: 'invalid'; message: string };

/** MP7, MP8: what a `save_memory` call does: a new fact is saved, a known one is not saved twice. */
export function memoryToolOutcome(
  args: Readonly<Record<string, unknown>>,
  entries: readonly { content: string }[],
): MemoryToolOutcome {
  const fact = typeof args.fact === 'string' ? args.fact.replace(/\s+/g, ' ').trim() : '';
  if (fact === '') return { kind: 'invalid', message: 'save_memory needs a "fact" text.' };
  if (fact.length > MEMORY_FACT_MAX_CHARS) {
    return {
      kind: 'invalid',
      message: `The fact is longer than ${String(MEMORY_FACT_MAX_CHARS)} characters.`,
    };
  }
  return isKnownFact(fact, entries) ? { kind: 'known', fact } : { kind: 'save', fact };
}
