// @ts-check
import { readdirSync } from 'node:fs';
import path from 'node:path';

/**
 * The layers below the features (decision 0089): features -> state -> adapters -> core, arrows one
 * way. Each layer is used from outside only through its doors: `state/index.ts`, and one door per
 * adapter folder (`adapters/storage/index.ts`, `adapters/sync/index.ts`). adapters/ imports neither
 * state/ nor anything above it; state/ imports neither features/ nor app/ (feature-boundaries.js
 * already keeps features/ out of state/, lib/, ui/ and adapters/). eslint.config.js adds these
 * zones of import-x/no-restricted-paths to the feature zones.
 */
export const adapterDoors = ['platform', 'storage', 'sync'];

/**
 * @param {{ src: string, root?: string }} options `src` from the repository root; `root` is where
 *   `src` is read to find the top-level folders and files (the repository root by default).
 */
export function layerBoundaryZones({ src, root = path.resolve(import.meta.dirname, '../..') }) {
  const topLevel = readdirSync(path.join(root, src), { withFileTypes: true })
    .filter((entry) => entry.isDirectory() || /\.tsx?$/.test(entry.name))
    .map((entry) => entry.name);
  /** Every top-level folder and file of src/ but `layer`: where a layer is used from outside. */
  const outside = (/** @type {string} */ layer) =>
    topLevel.filter((name) => name !== layer).map((name) => `${src}/${name}`);

  /** @type {{ target: string | string[], from: string, except?: string[], message: string }[]} */
  const zones = [
    {
      target: outside('state'),
      from: `${src}/state`,
      except: ['./index.ts'],
      message: "state/ is used only through its door: import from '.../state' (state/index.ts).",
    },
    {
      target: outside('adapters'),
      from: `${src}/adapters`,
      except: adapterDoors.map((door) => `./${door}/index.ts`),
      message: `adapters/ are used only through their doors: import from '.../adapters/${adapterDoors.join("' or '.../adapters/")}' (their index.ts).`,
    },
  ];
  // Between adapter folders, too: sync uses storage through storage's door.
  for (const door of adapterDoors)
    zones.push({
      target: adapterDoors.filter((other) => other !== door).map((other) => `${src}/adapters/${other}`),
      from: `${src}/adapters/${door}`,
      except: ['./index.ts'],
      message: `adapters/${door} is used only through its door: import from '../${door}' (adapters/${door}/index.ts).`,
    });
  for (const above of ['state', 'features', 'app', 'ui', 'i18n'])
    zones.push({
      target: `${src}/adapters`,
      from: `${src}/${above}`,
      message: `adapters/ are below ${above}/: they may not import it (take what you need as an argument from the composition root).`,
    });
  zones.push({
    target: `${src}/state`,
    from: `${src}/app`,
    message:
      'state/ is below the composition root: it may not import app/ (app/ builds state and hands it down).',
  });
  return zones;
}
