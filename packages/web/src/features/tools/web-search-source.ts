import type { CustomSecrets } from '@parley/core/models';
import {
  formatSearchResults,
  GOOGLE_SEARCH_ENDPOINT,
  googleErrorMessage,
  googleResultsOf,
  googleSearchUrl,
  pluginSecretId,
  searxngResultsOf,
  searchResultCount,
  searxngSearchUrl,
  WEB_SEARCH_FUNCTION,
  WEB_SEARCH_MISSING_GOOGLE,
  WEB_SEARCH_MISSING_SEARXNG,
  WEB_SEARCH_PLUGIN_ID,
  webSearchPlugin,
} from '@parley/core/plugins';
import type { ChatTool, ToolResult, ToolSource } from '@parley/core/tools';

/**
 * The built-in web search as a tool source (tools SPEC WS*): our own code, run in the app (no
 * sandbox), offered only for a turn sent with search on. Its settings are the web search plugin's
 * (`userPluginSettings.get_web_search_results`: searchEngineID, googleEndpoint, searxngURL,
 * resultCount); the
 * API key is a password setting, kept in the key vault.
 */

export interface WebSearchSourceDeps {
  fetch: typeof fetch;
  searchEngine: () => string;
  pluginSettings: () => Readonly<Record<string, unknown>>;
  secrets: () => CustomSecrets;
  /** Search is on for the current turn (the composer's button; the license gates the button). */
  enabled: () => boolean;
}

const TOOL: ChatTool = {
  definition: {
    name: WEB_SEARCH_FUNCTION,
    description: webSearchPlugin.openaiSpec.description,
    parameters: webSearchPlugin.openaiSpec.parameters as unknown as Record<string, unknown>,
  },
  origin: {
    kind: 'builtin',
    id: WEB_SEARCH_PLUGIN_ID,
    title: webSearchPlugin.title,
    emoji: webSearchPlugin.emoji,
  },
  outputType: 'respond_to_ai',
};

function text(value: unknown): string {
  return typeof value === 'string' ? value.trim() : '';
}

async function readJson(response: Response): Promise<unknown> {
  try {
    return (await response.json()) as unknown;
  } catch {
    return null;
  }
}

export function createWebSearchSource(deps: WebSearchSourceDeps): ToolSource {
  return {
    async list() {
      return deps.enabled() ? [TOOL] : [];
    },
    async run(_tool, call, context): Promise<ToolResult> {
      const keyword = text(call.arguments.keyword);
      if (keyword === '') return { status: 'error', message: 'The search needs a keyword.' };
      const settings = deps.pluginSettings();
      const count = searchResultCount(settings.resultCount);
      try {
        if (deps.searchEngine() === 'searxng') {
          const base = text(settings.searxngURL);
          if (base === '') return { status: 'error', message: WEB_SEARCH_MISSING_SEARXNG };
          const response = await deps.fetch(searxngSearchUrl(base, keyword), { signal: context.signal });
          if (!response.ok)
            return { status: 'error', message: `SearXNG search failed (${response.status}).` };
          return {
            status: 'ok',
            forModel: formatSearchResults(searxngResultsOf(await readJson(response), count)),
          };
        }
        const engineId = text(settings.searchEngineID);
        // The vault's key; a key moved from the retired setting (legacy migration) still works.
        const apiKey =
          text(deps.secrets()[pluginSecretId(WEB_SEARCH_PLUGIN_ID, 'searchEngineAPIKey')]) ||
          text(settings.searchEngineAPIKey);
        if (engineId === '' || apiKey === '') return { status: 'error', message: WEB_SEARCH_MISSING_GOOGLE };
        const endpoint = text(settings.googleEndpoint) || GOOGLE_SEARCH_ENDPOINT;
        const response = await deps.fetch(googleSearchUrl(endpoint, engineId, apiKey, keyword, count), {
          signal: context.signal,
        });
        const body = await readJson(response);
        if (!response.ok) return { status: 'error', message: googleErrorMessage(response.status, body) };
        return { status: 'ok', forModel: formatSearchResults(googleResultsOf(body, count)) };
      } catch (error) {
        return {
          status: 'error',
          message: `The search could not be made: ${error instanceof Error ? error.message : String(error)}`,
        };
      }
    },
  };
}
