import type { ChatTool, ToolResult, ToolRunContext, ToolSource } from '@parley/core/tools';

/**
 * All tool sources as one: the chat lists every source's tools (a name listed twice keeps the
 * first source's) and each call goes back to the source that listed it.
 */
export interface ToolRegistry {
  list(): Promise<ChatTool[]>;
  run(tool: ChatTool, call: Parameters<ToolSource['run']>[1], context: ToolRunContext): Promise<ToolResult>;
}

export function createToolRegistry(sources: readonly ToolSource[]): ToolRegistry {
  const owners = new Map<string, ToolSource>();
  return {
    async list() {
      const listed = await Promise.all(sources.map((source) => source.list().catch(() => [] as ChatTool[])));
      const tools: ChatTool[] = [];
      owners.clear();
      listed.forEach((sourceTools, index) => {
        for (const tool of sourceTools) {
          if (owners.has(tool.definition.name)) continue;
          owners.set(tool.definition.name, sources[index] as ToolSource);
          tools.push(tool);
        }
      });
      return tools;
    },
    async run(tool, call, context) {
      const owner = owners.get(tool.definition.name);
      if (!owner) return { status: 'error', message: `Unknown function: ${call.name}` };
      return owner.run(tool, call, context).catch((error: unknown): ToolResult => ({
        status: 'error',
        message: error instanceof Error ? error.message : String(error),
      }));
    },
  };
}
