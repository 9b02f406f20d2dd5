// Command palette: Cmd/Ctrl+K, searching every chat and running commands. Only the shortcut is in the
// first load; the panel is a lazy part with its strings.
export { CommandPalette } from './CommandPalette';
