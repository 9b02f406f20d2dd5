// What an agent's chat gathers before each answer: its dynamic context endpoints (rules DC* in
// agents/SPEC.md) and their secret rows from the key vault (AG8). A subpath of its own so the web
// app loads it only for agents that have endpoints.
export {
  buildDynamicContextRequest,
  DYNAMIC_CONTEXT_MAX_BYTES,
  DYNAMIC_CONTEXT_SHARE,
  DYNAMIC_CONTEXT_TIMEOUT_MS,
  dynamicContextBudget,
  fetchAllDynamicContext,
  fetchDynamicContext,
  fillEndpointTemplate,
  TRUNCATION_MARKER,
  truncateToBudget,
  type DynamicContextDeps,
  type DynamicContextRequest,
  type DynamicContextResult,
  type DynamicContextValues,
} from './dynamic-context';
export { fillAgentSecrets, splitAgentSecrets } from './agent-secrets';
export {
  describeEndpoint,
  endpointFingerprint,
  partitionByApproval,
  type EndpointSummary,
} from './endpoint-approval';
