import { parsePromptVariables } from '@parley/core/prompts';
import { insertIntoComposer } from '../chat';
import { usePromptUi } from './prompt-ui-store';

/**
 * Puts a prompt into the message box. One with variables opens the fill-in dialog first (PV1);
 * one without, or whose spans are all malformed (PV3), goes in exactly as written.
 */
export function choosePrompt(
  prompt: { title: string; content: string },
  mode: 'append' | 'replace' = 'append',
): void {
  const { variables } = parsePromptVariables(prompt.content);
  if (variables.length === 0) {
    insertIntoComposer(prompt.content, mode);
    return;
  }
  usePromptUi.getState().fill({ title: prompt.title, content: prompt.content, mode });
}
