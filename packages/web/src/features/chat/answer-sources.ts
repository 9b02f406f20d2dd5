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
  /**
   * A registration whose code loads later (the app's, after the first screen): every answer
   * waits for it; one that failed (a chunk that did not load) is tried again at the next answer.
   */
  addLater(register: () => Promise<void>): void;
  /** Resolves when every later registration ran. */
  ready(): Promise<void>;
  /** The registered tool sources as one (the tool loop lists and runs through it). */
  readonly tools: ToolRegistry;
  readonly context: readonly ContextSource[];
}

export function createAnswerSources(
  initial: { tools?: readonly ToolSource[]; context?: readonly ContextSource[] } = {},
): AnswerSources {
  const tools: ToolSource[] = [...(initial.tools ?? [])];
  const context: ContextSource[] = [...(initial.context ?? [])];
  let later: (() => Promise<void>)[] = [];
  let pending: Promise<void> | undefined;
  const ready = (): Promise<void> => {
    if (later.length === 0) return pending ?? Promise.resolve();
    const run = later;
    later = [];
    pending = Promise.all(
      run.map((register) =>
        register().catch((error: unknown) => {
          later.push(register);
          throw error;
        }),
      ),
    ).then(() => undefined);
    return pending;
  };
  // The registry reads the list at each answer, so sources registered later are offered too.
  const registry = createToolRegistry(tools);
  return {
    addTools: (...sources) => void tools.push(...sources),
    addContext: (...sources) => void context.push(...sources),
    addLater: (register) => void later.push(register),
    ready,
    tools: {
      list: async () => (await ready().catch(() => undefined), registry.list()),
      run: (tool, call, runContext) => registry.run(tool, call, runContext),
    },
    context,
  };
}
