import type { ContextSource } from '@parley/core/chat';
import type { ToolSource } from '@parley/core/tools';
import { createToolRegistry, type ToolRegistry } from '../tools';

/**
 * The one registry of what an answer draws on (decision 0095): the context sources gathered
 * before it (profile, memory, the agent's endpoints) and the tool sources it may call (web search,
 * plugins, memory, MCP servers). The composition root registers them; the chat only reads them, so
 * a new source (a code interpreter, a knowledge base) is one registration and no change here.
 */
export interface AnswerSources {
  /** Tools every answer may offer; a name listed twice keeps the first source's (MC3). */
  addTools(...sources: ToolSource[]): void;
  addContext(...sources: ContextSource[]): void;
  /** The registered tool sources as one (the tool loop lists and runs through it). */
  readonly tools: ToolRegistry;
  readonly context: readonly ContextSource[];
}

export function createAnswerSources(
  initial: { tools?: readonly ToolSource[]; context?: readonly ContextSource[] } = {},
): AnswerSources {
  const tools: ToolSource[] = [...(initial.tools ?? [])];
  const context: ContextSource[] = [...(initial.context ?? [])];
  return {
    addTools: (...sources) => void tools.push(...sources),
    addContext: (...sources) => void context.push(...sources),
    // The registry reads the list at each answer, so sources registered later are offered too.
    tools: createToolRegistry(tools),
    context,
  };
}
