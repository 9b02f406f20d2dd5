import { parseMemoryEntry } from '@parley/core/entities';
import { memoryToolOutcome, SAVE_MEMORY_FUNCTION, saveMemoryTool } from '@parley/core/persona';
import type { IdGenerator } from '@parley/core/platform';
import type { StoragePort } from '@parley/core/storage';
import type { ChatTool, ToolResult, ToolSource } from '@parley/core/tools';

export interface MemorySourceDeps {
  store: Pick<StoragePort, 'memory'>;
  ids: IdGenerator;
  /** The synced `enableGlobalMemory` switch. */
  enabled: () => boolean;
}

const TOOL: ChatTool = {
  definition: saveMemoryTool,
  origin: { kind: 'builtin', id: SAVE_MEMORY_FUNCTION, title: 'Memory', emoji: '🧠' },
  outputType: 'respond_to_ai',
};

/** Persona MP6–MP8: the model keeps a fact about the user in the memory entries. */
export function createMemorySource(deps: MemorySourceDeps): ToolSource {
  return {
    async list() {
      return deps.enabled() ? [TOOL] : [];
    },
    async run(_tool, call): Promise<ToolResult> {
      const outcome = memoryToolOutcome(call.arguments, await deps.store.memory.list());
      if (outcome.kind === 'invalid') return { status: 'error', message: outcome.message };
      if (outcome.kind === 'known') return { status: 'ok', forModel: `Already remembered: ${outcome.fact}` };
      await deps.store.memory.put(
        parseMemoryEntry({ id: `memory-${deps.ids.randomId()}`, content: outcome.fact }),
      );
      return { status: 'ok', forModel: `Remembered: ${outcome.fact}` };
    },
  };
}
