// Plugins: the screen to import, create, configure and switch them (lazy: loaded when opened), the
// sidebar link, and the chat toolbar's menu of the plugins a chat may use. Running them is the
// tool loop's.
export { ChatPluginsMenu } from './ChatPluginsMenu';
export { PluginsDialogHost } from './PluginsDialogHost';
export { PluginsLink } from './PluginsLink';
export { usePluginsDialog } from './plugins-dialog-store';
