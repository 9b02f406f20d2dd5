export {
  fillPromptVariables,
  parsePromptVariables,
  PROMPT_EMPTY_MESSAGE,
  validatePrompt,
  type ParsedPrompt,
  type PromptVariable,
  type PromptVariableProblem,
} from './prompt-variables';
