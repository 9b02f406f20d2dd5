// The modules strings-plugin.ts makes from the locale files (decisions 0060, 0084).
declare module 'virtual:parley-strings' {
  type Strings = { [key: string]: string | Strings };
  type GroupLoaders = { [group: string]: () => Promise<{ default: Strings }> };
  /** English's first-screen strings, in the main chunk. */
  export const firstScreen: Strings;
  /** English's lazy groups, one chunk each. */
  export const groupLoaders: GroupLoaders;
  /** Every other language (one per locale file): its first-screen strings and its groups' loaders. */
  export const localeLoaders: {
    [language: string]: () => Promise<{ firstScreen: Strings; groupLoaders: GroupLoaders }>;
  };
}
