// @ts-check
/**
 * Which features of packages/web/src/features may use which (decision 0017). A feature imports
 * another only through its door, `features/<area>/index.ts`, and only if it is listed here; the
 * table must stay free of cycles, so no chain of features ever leads back to where it started.
 * Shared state (settings, keys, the license, lazy loading) is not a feature: it is in src/state,
 * which every feature may use. eslint.config.js turns this table into lint zones.
 */
export const featureDependencies = {
  admin: ['cloud-sync', 'hosted-models', 'toasts'],
  agents: ['chat', 'cloud-sync', 'license', 'model-picker', 'toasts'],
  'api-keys': ['settings', 'toasts'],
  'app-update': [],
  canvas: [],
  'code-run': ['canvas', 'plugin-runtime'],
  'browser-support': [],
  chat: ['errors', 'markdown', 'organise', 'settings', 'shell', 'shortcuts', 'speech', 'toasts', 'tools'],
  'cloud-sync': ['license', 'settings', 'toasts'],
  'command-palette': [
    'admin',
    'agents',
    'chat',
    'errors',
    'keyboard-shortcuts',
    'language',
    'license',
    'model-picker',
    'plugins',
    'prompts',
    'search',
    'settings',
    'shortcuts',
    'theme',
    'toasts',
  ],
  'custom-models': ['api-keys', 'toasts'],
  data: ['errors', 'toasts'],
  documents: ['chat', 'license'],
  errors: [],
  extensions: ['plugin-runtime', 'tools'],
  'host-config': ['license'],
  'hosted-models': ['cloud-sync'],
  'keyboard-shortcuts': ['shortcuts', 'toasts'],
  knowledge: ['chat', 'documents'],
  language: ['license', 'toasts'],
  license: ['settings', 'toasts'],
  markdown: ['canvas', 'code-run', 'remote-images'],
  'model-picker': ['chat', 'hosted-models', 'license', 'toasts'],
  'model-settings': ['chat', 'license', 'toasts'],
  organise: [],
  'plugin-runtime': [],
  plugins: ['chat', 'code-run', 'license', 'mcp', 'shortcuts', 'toasts'],
  portability: ['license', 'settings', 'toasts'],
  profiles: ['settings', 'toasts'],
  prompts: ['chat', 'cloud-sync', 'errors', 'license', 'toasts'],
  mcp: ['toasts'],
  memory: ['chat', 'toasts'],
  'remote-images': [],
  search: [],
  settings: ['remote-images', 'shortcuts', 'theme'],
  share: ['chat', 'cloud-sync', 'errors', 'markdown', 'toasts'],
  shell: ['shortcuts'],
  shortcuts: [],
  sidebar: ['chat', 'organise', 'portability', 'toasts'],
  speech: ['license', 'shortcuts', 'toasts'],
  theme: [],
  toasts: [],
  tools: ['license', 'markdown', 'mcp', 'plugin-runtime', 'theme', 'toasts'],
  usage: [],
};

/**
 * Code the composition root loads lazily (its own chunk): importing it through the door would put
 * it into the first-load bundle, so src/app may import these files directly.
 */
export const chunkEntries = {
  'cloud-sync': ['browser-cloud-sync.ts'],
  license: ['license-browser-client.ts'],
  search: ['search-client.ts'],
};

/**
 * A cycle in `dependencies` as a list of features (first == last), or null when there is none.
 * The cycle starts at its alphabetically first feature, so the same cycle is named the same way
 * whatever order the table lists the features in.
 * @param {Record<string, string[]>} dependencies
 * @returns {string[] | null}
 */
export function findFeatureCycle(dependencies) {
  /** @type {Map<string, 'visiting' | 'done'>} */
  const marks = new Map();
  /** @type {string[]} */
  const path = [];
  /** @param {string} feature @returns {string[] | null} */
  const visit = (feature) => {
    if (marks.get(feature) === 'done') return null;
    if (marks.get(feature) === 'visiting') return fromFirstFeature(path.slice(path.indexOf(feature)));
    marks.set(feature, 'visiting');
    path.push(feature);
    for (const next of dependencies[feature] ?? []) {
      const cycle = visit(next);
      if (cycle) return cycle;
    }
    path.pop();
    marks.set(feature, 'done');
    return null;
  };
  for (const feature of Object.keys(dependencies)) {
    const cycle = visit(feature);
    if (cycle) return cycle;
  }
  return null;
}

/**
 * The ring of features `ring` (no repeat) as a closed cycle starting at its alphabetically first one.
 * @param {string[]} ring
 * @returns {string[]}
 */
function fromFirstFeature(ring) {
  const first = ring.reduce((least, feature, index) => (feature < (ring[least] ?? '') ? index : least), 0);
  const rotated = [...ring.slice(first), ...ring.slice(0, first)];
  return [...rotated, rotated[0] ?? ''];
}

/**
 * The zones of import-x/no-restricted-paths for the web app: from a feature, another feature's
 * inner files are never reachable and its door only when the table allows it; src/app reaches
 * doors and chunk entries; src/state, src/lib, src/ui and src/adapters reach no feature.
 * Throws when the table has a cycle or names an unknown feature.
 * @param {{ src: string, dependencies?: Record<string, string[]>, chunks?: Record<string, string[]> }} options
 */
export function featureBoundaryZones({ src, dependencies = featureDependencies, chunks = chunkEntries }) {
  const features = Object.keys(dependencies);
  for (const [feature, uses] of Object.entries(dependencies))
    for (const used of uses)
      if (!features.includes(used))
        throw new Error(`feature-boundaries: ${feature} uses unknown feature ${used}`);
  const cycle = findFeatureCycle(dependencies);
  if (cycle) throw new Error(`feature-boundaries: the features form a cycle: ${cycle.join(' -> ')}`);

  const door = ['./index.ts'];
  /** @type {{ target: string, from: string, except?: string[], message: string }[]} */
  const zones = [];
  for (const feature of features) {
    for (const other of features) {
      if (other === feature) continue;
      const allowed = (dependencies[feature] ?? []).includes(other);
      zones.push({
        target: `${src}/features/${feature}`,
        from: `${src}/features/${other}`,
        ...(allowed ? { except: door } : {}),
        message: allowed
          ? `${feature} may use ${other} only through its door: import '../${other}' (features/${other}/index.ts).`
          : `${feature} may not depend on ${other}: add it to featureDependencies (packages/web/feature-boundaries.js) if it must, without making a cycle.`,
      });
    }
    zones.push({
      target: `${src}/app`,
      from: `${src}/features/${feature}`,
      except: [...door, ...(chunks[feature] ?? []).map((file) => `./${file}`)],
      message: `the composition root uses ${feature} through its door (features/${feature}/index.ts) or a lazily loaded chunk entry (chunkEntries).`,
    });
  }
  // The composition root is above every feature: none may reach into it.
  zones.push({
    target: `${src}/features`,
    from: `${src}/app`,
    message:
      'features are below the composition root: they may not import app/ (take what you need as a prop or from state/).',
  });
  for (const layer of ['state', 'lib', 'ui', 'adapters'])
    zones.push({
      target: `${src}/${layer}`,
      from: `${src}/features`,
      message: `${layer}/ is below the features: it may not import them.`,
    });
  return zones;
}
