export {
  AGENT_MESSAGES,
  avatarColor,
  AVATAR_HUE,
  AVATAR_LIGHTNESS,
  agentInitials,
  canAddEndpoint,
  isAgentEditable,
  MAX_DYNAMIC_CONTEXT_ENDPOINTS,
  safeAvatarURL,
  validateAgent,
  validateEndpoint,
  type AgentDraft,
} from './agent-rules';
export { bundledAgentIds, bundledAgents, type BundledAgent } from './bundled-agents';
