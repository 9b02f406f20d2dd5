import type { ToolDefinition } from '../providers';

/**
 * The seam between the tool loop and whatever supplies tools (plugins, built-in web search, MCP
 * servers). The loop asks every source for the tools a chat may use, sends their definitions to the
 * model, and hands each call back to the source that listed it.
 */

export type ToolOriginKind = 'plugin' | 'builtin' | 'mcp';

/** Where a tool comes from, shown on the step view and used to route its calls. */
export interface ToolOrigin {
  kind: ToolOriginKind;
  /** Plugin id, MCP server id, or the built-in's id. */
  id: string;
  title: string;
  emoji?: string | undefined;
}

export type ToolOutputType = 'respond_to_ai' | 'render_markdown' | 'render_html' | 'cards';

/** One function a chat offers the model. `definition.name` is unique within one request. */
export interface ChatTool {
  definition: ToolDefinition;
  origin: ToolOrigin;
  outputType: ToolOutputType;
}

export interface ToolCard {
  title: string;
  text?: string | undefined;
  url?: string | undefined;
  imageUrl?: string | undefined;
}

/** What the user sees of a result besides the text the model gets. */
export type ToolDisplay =
  | { kind: 'markdown'; markdown: string }
  | { kind: 'html'; html: string }
  | { kind: 'cards'; cards: readonly ToolCard[] };

export type ToolResult =
  | { status: 'ok'; /** Text sent back to the model. */ forModel: string; display?: ToolDisplay | undefined }
  | { status: 'error'; /** Shown to the user and sent to the model as the error result. */ message: string };

/** A call the model made, as the loop hands it to a source. */
export interface ToolCallRequest {
  id: string;
  name: string;
  /** Parsed JSON arguments (the loop answers unparseable ones itself). */
  arguments: Record<string, unknown>;
}

export interface ToolRunContext {
  signal: AbortSignal;
  /** The user's message this answer responds to (plugins' `resources`). */
  userMessage: string;
  /** Milliseconds before the call is ended with a time-out error. */
  timeoutMs: number;
}

export interface ToolSource {
  /** Tools available now (enabled, usable). Must not throw; a broken source lists nothing. */
  list(): Promise<readonly ChatTool[]>;
  /** Runs one call of a tool this source listed. Never rejects: failures are `status: 'error'`. */
  run(tool: ChatTool, call: ToolCallRequest, context: ToolRunContext): Promise<ToolResult>;
}
