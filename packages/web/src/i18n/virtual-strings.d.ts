// The modules strings-plugin.ts makes from en.json (decision 0060): one loader per string group.
declare module 'virtual:parley-strings' {
  type Strings = { [key: string]: string | Strings };
  export const firstScreen: Strings;
  export const groupLoaders: { [group: string]: () => Promise<{ default: Strings }> };
}
