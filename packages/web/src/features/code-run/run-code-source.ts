import type { ChatTool, ToolResult, ToolSource } from '@parley/core/tools';
import { retryingImport } from '../../state';
import type { CodeFile } from './code-run-protocol';
import { CODE_INTERPRETER_ID, describeRun, parseRunCode, runCodeTool } from './run-code-tool';

export interface RunCodeSourceDeps {
  /** The user switched the code interpreter on (its synced setting). */
  enabled: () => boolean;
  /** The chat's attached files, available to the code by name. */
  files?: (() => Promise<CodeFile[]>) | undefined;
}

const TOOL: ChatTool = {
  definition: runCodeTool,
  origin: { kind: 'builtin', id: CODE_INTERPRETER_ID, title: 'Code interpreter', emoji: '🐍' },
  outputType: 'respond_to_ai',
};

/** The built-in `run_code` tool source (decision 0092); the runner loads on the first call. */
export function createRunCodeSource(deps: RunCodeSourceDeps): ToolSource {
  return {
    async list() {
      return deps.enabled() ? [TOOL] : [];
    },
    async run(_tool, call, context): Promise<ToolResult> {
      const request = parseRunCode(call.arguments);
      if (!request.ok) return { status: 'error', message: request.message };
      const { runCode } = await retryingImport(() => import('./code-runner'));
      const files = (await deps.files?.().catch(() => [])) ?? [];
      const outcome = await runCode(
        { language: request.language, code: request.code, files },
        { timeoutMs: request.timeoutMs, signal: context.signal },
      );
      if (!outcome.ok) {
        const message = outcome.timedOut
          ? `The code was stopped at its time limit (${request.timeoutMs / 1000} s).`
          : outcome.message === 'stopped'
            ? 'The run was stopped.'
            : outcome.message;
        return { status: 'error', message };
      }
      const { forModel, markdown } = describeRun(outcome.output);
      return { status: 'ok', forModel, display: { kind: 'markdown', markdown } };
    },
  };
}
