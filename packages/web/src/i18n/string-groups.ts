/**
 * Which strings of en.json are NOT in the first chunk, and which lazy loader brings them (decision
 * 0060). en.json stays the one source file; at build time strings-plugin.ts cuts it along this
 * table: every key listed here goes into its group's own chunk, every other key stays with the first
 * screen. A loader that needs a group wraps its import: `withStrings('agents', () => import(...))`
 * awaits the group's chunk together with the screen's code, so the screen never renders a raw key.
 *
 * An entry is a namespace ('usage') or a subtree ('license.activation'); '!key' keeps a subtree of a
 * listed namespace on the first screen. test/i18n/string-groups.test.ts walks the app's imports and
 * fails when a module uses a key of a group that is not loaded before it runs.
 *
 * Loaded by:
 *   settings      app/SettingsDialogHost (the Settings dialog and every section)
 *   modelPicker   model-picker's ModelPicker and CompareButton (the menu), and Settings (Models)
 *   modelSettings model-settings' ModelSettingsButton (the form) and ChatDefaultsSectionLoader
 *   agents        agents/AgentsDialogHost (the Agents screen; the pinned agents stay first-screen)
 *   plugins       plugins/PluginsDialogHost (the Plugins screen, its MCP servers and the editor) and
 *                 the chat's open plugins menu
 *   conversation  chat/MessageListPart (the messages, their tools and errors), the attachment tray, the
 *                 comparison strip, the agent's endpoints review, the image card, the answer-failure toast,
 *                 the deleted chat's notice and memory's proposal under an answer
 *   share         share/ShareHost (the Share dialog) and share/index (the public share page)
 *   palette       command-palette/CommandPalette (the panel)
 *   promptDialogs prompts/PromptHost (the library, the editor and the fill-in dialog)
 *   sidebarDialogs sidebar/SidebarDialogs (move, tags and names), sidebar/BulkBar (selecting chats) and
 *                 sidebar/TagFilterBar (a tag filter on)
 *   voice         speech/VoiceComposerSlot (the microphone, after the first screen) and speech/read-aloud
 *                 (the reading engines and their messages)
 *   hosting       app-update/AppUpdateHost (the update banner, after the first screen),
 *                 host-config/apply-host-config (the error screen of a malformed parley.config.json),
 *                 browser-support's screen for a browser Parley cannot run in, and license's BuyPage
 *   canvas        canvas/CanvasHost (the canvas panel, when a canvas first opens)
 *   codeRun       code-run/run-controls (a code block's Run button and its output, after the markdown view)
 *   help          help/HelpDialogHost (the Help dialog: user guide, FAQ, changelog; its link stays first-screen)
 *   projects      projects/ProjectsHost (the project page and the project dialogs; the sidebar rows stay first-screen)
 *   knowledge     knowledge's panel, Settings → Knowledge and the citations under an answer (each a lazy part)
 *   admin         admin/AdminSection (Settings → Admin: the organisation's admin panel)
 *   hostedModels  hosted-models' HostedModelsAdmin and HostedUsageAdmin (the admin panel's Models and Usage tabs)
 */
export const STRING_GROUPS = {
  settings: [
    'settings',
    '!settings.loading',
    'apiKeys',
    'customModels',
    'usage',
    'modelsSection',
    'portability',
    'data',
    '!data.notices',
    'license.title',
    'license.status',
    'license.features',
    'license.noLicenseBanner',
    'license.problems',
    'license.activation',
    'license.manager',
    'cloudSync',
    '!cloudSync.status',
    '!cloudSync.errors',
    'profiles.editor',
    'profiles.section',
    '!profiles.section.saveFailed',
    'voice.settings',
    // Settings' own parts of namespaces the first screen also uses (decision 0141).
    'vault',
    '!vault.incorrectPassword',
    '!vault.failed',
    '!vault.password',
    '!vault.showPassword',
    '!vault.hidePassword',
    '!vault.unlock',
    'tools.webSearch',
    '!tools.webSearch.button',
    'memory.section',
    '!memory.section.saveFailed',
    'license.purchase',
    '!license.purchase.selfHostedCommand',
    'license.gate.featureList',
    'license.gate.featureListUnlicensed',
    'license.gate.included',
    'license.gate.notIncluded',
    'license.errors.unlinkAndReenter',
    'license.errors.unlinkUserAndReenter',
    'cloudSync.errors.userFetchFailed',
    'extensions',
  ],
  modelPicker: ['modelPicker', '!modelPicker.label'],
  modelSettings: ['modelSettings', '!modelSettings.open', '!modelSettings.title'],
  agents: [
    'agents.form',
    'agents.search',
    'agents.new',
    'agents.yourAgents',
    'agents.bundledAgents',
    'agents.empty',
    'agents.noMatch',
    'agents.premium',
    'agents.lockedTo',
    'agents.start',
    'agents.startWith',
    'agents.pin',
    'agents.unpin',
    'agents.edit',
    'agents.duplicate',
    'agents.delete',
    'agents.organisation',
  ],
  plugins: [
    'plugins',
    '!plugins.title',
    '!plugins.sidebarLink',
    '!plugins.loading',
    '!plugins.menu.label',
    'mcp.intro',
    'mcp.add',
    'mcp.empty',
    'mcp.form',
    'mcp.row',
    'mcp.status',
    'mcp.import',
  ],
  conversation: [
    'chat.messagesLabel',
    'chat.roles',
    'chat.message',
    'chat.edit',
    'chat.reasoning',
    'chat.finish',
    'chat.contextCleared',
    'chat.jumpToLatest',
    'chat.keywords',
    'chat.contextOff',
    'chat.agentEndpoints',
    '!chat.agentEndpoints.button',
    'chat.versions',
    'compare',
    '!compare.add',
    '!compare.full',
    'documents',
    '!documents.attach',
    '!documents.dropHint',
    '!documents.errors',
    '!documents.notes',
    'providerErrors',
    '!providerErrors.providers',
    '!providerErrors.contextTitle',
    '!providerErrors.context',
    '!providerErrors.openSettings',
    '!providerErrors.newChat',
    'tools.step',
    'tools.calls',
    'chat.deleted',
    'memory.proposal',
  ],
  share: ['share'],
  palette: ['palette', '!palette.label'],
  promptDialogs: ['prompts.library', '!prompts.library.open', 'prompts.editor', 'prompts.fill'],
  sidebarDialogs: [
    'organise.moveDialog',
    'organise.tagDialog',
    'organise.nameDialog',
    'sidebar.doneSelecting',
    'sidebar.selectAll',
    'sidebar.selectedCount',
    'sidebar.tagFilter',
  ],
  voice: ['voice'],
  hosting: [
    'appUpdate',
    'hostConfig',
    'unsupported',
    'license.buyPage',
    // Settings' self-hosted key help shows these two as well.
    '!license.buyPage.plansHint',
  ],
  codeRun: ['codeRun'],
  canvas: ['canvas'],
  help: ['help', '!help.sidebarLink'],
  projects: ['projects.page', 'projects.dialogs', 'projects.toasts'],
  knowledge: ['knowledge'],
  hostedModels: ['hostedModels'],
  admin: ['admin'],
} as const satisfies Record<string, readonly string[]>;

export type StringGroup = keyof typeof STRING_GROUPS;
export const stringGroupNames = Object.keys(STRING_GROUPS) as StringGroup[];

/** i18next plural forms share their key's place: 'a.count_one' goes where 'a.count' goes. */
const PLURAL_SUFFIX = /_(zero|one|two|few|many|other)$/;

/**
 * The group a key (or a key prefix, as a template literal gives it) belongs to; undefined for the
 * first screen. The longest matching entry wins, so '!data.notices' beats 'data'.
 */
export function groupOfKey(key: string): StringGroup | undefined {
  const bare = key.replace(PLURAL_SUFFIX, '');
  let best: { length: number; group: StringGroup | undefined } = { length: 0, group: undefined };
  for (const group of stringGroupNames) {
    for (const entry of STRING_GROUPS[group] as readonly string[]) {
      const kept = entry.startsWith('!');
      const path = kept ? entry.slice(1) : entry;
      const matches = bare === path || bare.startsWith(`${path}.`);
      if (matches && path.length > best.length)
        best = { length: path.length, group: kept ? undefined : group };
    }
  }
  return best.group;
}

/**
 * Groups a key prefix such as `license.${x}` (a template literal) could reach: the group of the
 * prefix itself and of every entry under it.
 */
export function groupsUnderPrefix(prefix: string): StringGroup[] {
  const found = new Set<StringGroup>();
  const own = groupOfKey(prefix.replace(/\.$/, ''));
  if (own) found.add(own);
  for (const group of stringGroupNames) {
    for (const entry of STRING_GROUPS[group] as readonly string[]) {
      if (!entry.startsWith('!') && entry.startsWith(prefix) && entry !== prefix) found.add(group);
    }
  }
  return [...found];
}

type Tree = { [key: string]: string | Tree };

/** Cuts the strings along STRING_GROUPS: the first screen's part and one part per group. */
export function splitStrings(strings: Tree): { firstScreen: Tree; groups: Record<StringGroup, Tree> } {
  const firstScreen: Tree = {};
  const groups = Object.fromEntries(stringGroupNames.map((group) => [group, {}])) as Record<
    StringGroup,
    Tree
  >;
  const place = (node: Tree, path: string[]) => {
    for (const [key, value] of Object.entries(node)) {
      const at = [...path, key];
      if (typeof value !== 'string') {
        place(value, at);
        continue;
      }
      const group = groupOfKey(at.join('.'));
      setAt(group ? groups[group] : firstScreen, at, value);
    }
  };
  place(strings, []);
  return { firstScreen, groups };
}

function setAt(tree: Tree, path: string[], value: string) {
  let node = tree;
  for (const key of path.slice(0, -1)) node = (node[key] ??= {}) as Tree;
  node[path[path.length - 1]!] = value;
}

/** Entries that name no key of `strings` (a typo would silently keep strings in the first chunk). */
export function unknownEntries(strings: Tree): string[] {
  const exists = (path: string) => {
    let node: string | Tree | undefined = strings;
    for (const key of path.split('.')) node = typeof node === 'object' ? node[key] : undefined;
    return node !== undefined;
  };
  return stringGroupNames.flatMap((group) =>
    (STRING_GROUPS[group] as readonly string[]).filter((entry) => !exists(entry.replace(/^!/, ''))),
  );
}
