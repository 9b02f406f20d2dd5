import type { Plugin } from '@parley/core/entities';
import type { CustomSecrets } from '@parley/core/models';
import {
  planHttpAction,
  pluginFunctionsOf,
  WEB_SEARCH_FUNCTION,
  type PluginFunction,
} from '@parley/core/plugins';
import type { ChatTool, ToolResult, ToolSource } from '@parley/core/tools';
import { toolTimeoutMessage } from '@parley/core/tools';
import { chatPlugins, type UsablePlugin } from './chat-plugins';
import { resultOfOutput } from './tool-output';
import type { PluginRuntime } from '../plugin-runtime';

/**
 * Plugins as a tool source: JavaScript and HTTP-action functions run in the sandbox runtime
 * (loaded on the first run); `mcp` functions are left out until MCP servers are a source.
 */

export interface PluginToolSourceDeps {
  plugins: () => Promise<readonly Plugin[]>;
  userPluginSettings: () => Readonly<Record<string, unknown>>;
  secrets: () => CustomSecrets;
  runtime: () => Promise<Pick<PluginRuntime, 'run'>>;
  /** The plugins the open chat chose (`pluginIds`); null or absent: every enabled plugin. */
  chosen?: () => readonly string[] | null;
}

const RUNNABLE = new Set(['javascript', 'http']);

interface Entry {
  usable: UsablePlugin;
  fn: PluginFunction;
}

export function createPluginToolSource(deps: PluginToolSourceDeps): ToolSource {
  const entries = async (): Promise<Map<string, Entry>> => {
    const usable = chatPlugins(
      await deps.plugins(),
      deps.userPluginSettings(),
      deps.secrets(),
      deps.chosen?.() ?? null,
    );
    const byName = new Map<string, Entry>();
    for (const entry of usable) {
      for (const fn of pluginFunctionsOf(entry.plugin)) {
        // Function names are unique in one request: the first plugin with a name keeps it. The
        // built-in web search is our own code (its own source), whatever a stored copy says.
        const runnable = RUNNABLE.has(fn.implementationType) && fn.name !== WEB_SEARCH_FUNCTION;
        if (runnable && !byName.has(fn.name)) byName.set(fn.name, { usable: entry, fn });
      }
    }
    return byName;
  };

  return {
    async list() {
      try {
        return [...(await entries()).values()].map(({ usable, fn }): ChatTool => ({
          definition: { name: fn.name, description: fn.description, parameters: fn.parameters },
          origin: {
            kind: 'plugin',
            id: usable.plugin.id,
            title: usable.plugin.title,
            emoji: usable.plugin.emoji,
          },
          outputType: fn.outputType,
        }));
      } catch (error) {
        console.warn('listing the plugins failed', error);
        return [];
      }
    },

    async run(tool, call, context): Promise<ToolResult> {
      const entry = (await entries()).get(call.name);
      if (!entry) return { status: 'error', message: `Unknown function: ${call.name}` };
      const { fn, usable } = entry;
      let job;
      if (fn.implementationType === 'http') {
        const plan = planHttpAction(fn.httpAction ?? {}, call.arguments, usable.settings);
        if (!plan.ok) return { status: 'error', message: plan.message };
        job = { kind: 'http' as const, request: plan.request, transform: plan.transform };
      } else {
        if (!fn.code) return { status: 'error', message: `${fn.name} has no code.` };
        job = {
          kind: 'javascript' as const,
          code: fn.code,
          functionName: fn.name,
          params: call.arguments,
          userSettings: usable.settings,
          resources: { userMessage: context.userMessage },
        };
      }
      try {
        const runtime = await deps.runtime();
        const outcome = await runtime.run(job, { timeoutMs: context.timeoutMs, signal: context.signal });
        if (outcome.ok) return resultOfOutput(tool.outputType, outcome.text);
        if (outcome.timedOut)
          return { status: 'error', message: toolTimeoutMessage(fn.name, context.timeoutMs) };
        return { status: 'error', message: outcome.message };
      } catch (error) {
        return { status: 'error', message: error instanceof Error ? error.message : String(error) };
      }
    },
  };
}
