import { EXTENSION_RUN_FUNCTION, extensionRunCode } from '@parley/core/host-config';
import type { ChatTool, ToolResult, ToolSource } from '@parley/core/tools';
import { toolTimeoutMessage } from '@parley/core/tools';
import type { ExtensionService, ExtensionServiceDeps } from './extension-service';
import { useExtensions } from './extension-store';

/** A tool's origin id: the extension's script URL, so the step view can say where a call went. */
const originId = (url: string) => `extension:${url}`;

/**
 * The active extensions' tools as a tool source (decision 0140): each call is a job of the plugin
 * sandbox (the script, then that tool's `run`), exactly like a plugin's JavaScript function; its
 * text goes back to the model. A name a plugin or an earlier extension already uses is left out.
 */
export function createExtensionToolSource(
  service: ExtensionService,
  runtime: ExtensionServiceDeps['runtime'],
): ToolSource {
  const entries = () => useExtensions.getState().entries.filter((entry) => entry.status === 'active');
  return {
    async list() {
      await service.ready().catch(() => undefined);
      const seen = new Set<string>();
      return entries().flatMap((entry) =>
        (entry.tools ?? []).flatMap((tool): ChatTool[] => {
          if (seen.has(tool.name)) return [];
          seen.add(tool.name);
          return [
            {
              definition: { name: tool.name, description: tool.description, parameters: tool.parameters },
              origin: {
                kind: 'plugin',
                id: originId(entry.url),
                title: entry.name ?? entry.url,
                emoji: '🧩',
              },
              outputType: 'respond_to_ai',
            },
          ];
        }),
      );
    },

    async run(tool, call, context): Promise<ToolResult> {
      const url = tool.origin.id.slice('extension:'.length);
      const script = service.script(url);
      if (!script) return { status: 'error', message: `The extension of ${call.name} is turned off.` };
      try {
        const sandbox = await runtime();
        const outcome = await sandbox.run(
          {
            kind: 'javascript',
            code: extensionRunCode(script, call.name),
            functionName: EXTENSION_RUN_FUNCTION,
            params: call.arguments,
            userSettings: {},
            resources: { userMessage: context.userMessage },
          },
          { timeoutMs: context.timeoutMs, signal: context.signal },
        );
        if (outcome.ok) return { status: 'ok', forModel: outcome.text };
        if (outcome.timedOut)
          return { status: 'error', message: toolTimeoutMessage(call.name, context.timeoutMs) };
        return { status: 'error', message: outcome.message };
      } catch (error) {
        return { status: 'error', message: error instanceof Error ? error.message : String(error) };
      }
    },
  };
}
