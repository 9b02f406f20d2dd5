import { useFeatureFlags } from '../license';

/** Whether the prompt library is offered (the host's promptLibrary flag, parley.config.json). */
export function usePromptLibraryEnabled(): boolean {
  return useFeatureFlags((state) => state.flags.promptLibrary);
}

/** Whether the shipped community prompts are offered (the communityPrompts flag). */
export function useCommunityPromptsEnabled(): boolean {
  return useFeatureFlags((state) => state.flags.communityPrompts);
}
