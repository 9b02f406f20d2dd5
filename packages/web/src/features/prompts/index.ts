// The prompt library: the library and fill-in dialogs (a lazy chunk), the `/` menu of the message
// box, the sidebar entry and the palette's group. Prompts go into the box through the chat's door.
export { PalettePromptItems } from './PalettePromptItems';
export { PromptHost } from './PromptHost';
export { PromptLibraryButton } from './PromptLibraryButton';
export { promptSlashMenu } from './PromptSlashMenu';
export { usePromptUi } from './prompt-ui-store';
export { usePromptLibraryEnabled } from './prompt-library-flag';
