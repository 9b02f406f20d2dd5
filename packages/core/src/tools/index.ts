export type {
  ChatTool,
  ToolCallRequest,
  ToolCard,
  ToolDisplay,
  ToolOrigin,
  ToolOriginKind,
  ToolOutputType,
  ToolResult,
  ToolRunContext,
  ToolSource,
} from './tool-source';
