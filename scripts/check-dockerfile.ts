/**
 * Checks the Dockerfile, compose.yaml and .dockerignore against the repository without a container
 * runtime (decision 0125): the build installs every workspace the lockfile names, runs scripts that
 * exist, copies files that exist or that an earlier step made, and the image runs as a non-root user
 * with a health check on the server's real health route and its data directory on a volume.
 * Usage: node --import tsx scripts/check-dockerfile.ts (prints each problem, exits 1 when any).
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export interface DockerFiles {
  dockerfile: string;
  compose: string;
  dockerignore: string;
  /** The root package.json's text. */
  packageJson: string;
  /** Whether a path (relative to the repository root) exists. */
  exists(relative: string): boolean;
  /** A repository file's text (relative path), for the routes and settings the image relies on. */
  read(relative: string): string;
}

export interface Instruction {
  keyword: string;
  args: string;
  line: number;
}

interface Stage {
  name: string | undefined;
  base: string;
  steps: Instruction[];
}

/** Instructions of a Dockerfile: comments dropped, `\` continuations joined. */
export function parseDockerfile(text: string): Instruction[] {
  const instructions: Instruction[] = [];
  const lines = text.split('\n');
  for (let index = 0; index < lines.length; index++) {
    const start = index;
    let line = lines[index]!.trim();
    if (line === '' || line.startsWith('#')) continue;
    while (line.endsWith('\\') && index + 1 < lines.length) {
      index++;
      const next = lines[index]!.trim();
      line = `${line.slice(0, -1).trimEnd()} ${next.startsWith('#') ? '' : next}`.trimEnd();
    }
    const match = /^(\S+)\s*(.*)$/.exec(line);
    if (match) instructions.push({ keyword: match[1]!.toUpperCase(), args: match[2]!, line: start + 1 });
  }
  return instructions;
}

function stagesOf(instructions: Instruction[]): Stage[] {
  const stages: Stage[] = [];
  for (const instruction of instructions) {
    if (instruction.keyword === 'FROM') {
      const [base = '', , name] = instruction.args.split(/\s+/);
      stages.push({ name, base, steps: [] });
    } else stages.at(-1)?.steps.push(instruction);
  }
  return stages;
}

/** A JSON-array (exec form) argument list, or the shell form split on spaces. */
function argList(args: string): string[] {
  if (args.trim().startsWith('[')) {
    try {
      return (JSON.parse(args) as unknown[]).map(String);
    } catch {
      return [];
    }
  }
  return args.split(/\s+/).filter(Boolean);
}

/** COPY's sources and destination, with its flags (`--from=build`). */
function copyParts(args: string): { from: string | undefined; sources: string[]; dest: string } {
  const words = argList(args);
  const flags = words.filter((word) => word.startsWith('--'));
  const rest = words.filter((word) => !word.startsWith('--'));
  const from = flags.find((flag) => flag.startsWith('--from='))?.slice('--from='.length);
  return { from, sources: rest.slice(0, -1), dest: rest.at(-1) ?? '' };
}

/** Every problem found, as "Dockerfile line N: …" / "compose.yaml: …"; empty when all is well. */
export function checkDockerFiles(files: DockerFiles): string[] {
  const problems: string[] = [];
  const instructions = parseDockerfile(files.dockerfile);
  const stages = stagesOf(instructions);
  const scripts = JSON.parse(files.packageJson) as {
    scripts?: Record<string, string>;
    workspaces?: string[];
  };
  const at = (instruction: Instruction) => `Dockerfile line ${instruction.line}`;

  if (stages.length < 2)
    problems.push('Dockerfile: must have a build stage and a runtime stage (multi-stage)');
  for (const stage of stages) {
    if (!/^node:20(\.\d+)*-(bookworm|bullseye|trixie)-slim$/.test(stage.base))
      problems.push(
        `Dockerfile: stage ${stage.name ?? '?'} must start FROM node:20-<debian>-slim, not ${stage.base}`,
      );
  }
  const stageNames = new Set(stages.map((stage) => stage.name).filter(Boolean));

  // The build stage: the lockfile and every workspace's package.json before `npm ci`, then scripts that exist.
  for (const stage of stages) {
    const copied = new Set<string>();
    let everything = false;
    let installed = false;
    for (const step of stage.steps) {
      if (step.keyword === 'COPY') {
        const { from, sources } = copyParts(step.args);
        if (from !== undefined && !stageNames.has(from))
          problems.push(`${at(step)}: COPY --from=${from} names no stage`);
        for (const source of sources) {
          if (source === '.') everything = true;
          else if (from === undefined) {
            copied.add(source);
            if (!files.exists(source))
              problems.push(`${at(step)}: COPY ${source}: no such file in the repository`);
          } else {
            const relative = source.replace(/^\/app\//, '');
            const producer = stages.find((other) => other.name === from);
            const producedThere = producer?.steps.some(
              (other) => other.keyword === 'RUN' && producedBy(other.args, relative),
            );
            if (!producedThere && !files.exists(relative))
              problems.push(
                `${at(step)}: COPY --from=${from} ${source}: neither in the repository nor made by that stage`,
              );
          }
        }
      }
      if (step.keyword === 'RUN') {
        for (const match of step.args.matchAll(/npm run (?:--silent )?([\w:.-]+)/g)) {
          if (!scripts.scripts?.[match[1]!])
            problems.push(`${at(step)}: npm run ${match[1]}: no such script in package.json`);
          if (!installed && !everything) problems.push(`${at(step)}: npm run ${match[1]} before npm ci`);
        }
        if (/\bnpm ci\b/.test(step.args)) {
          installed = true;
          if (!everything) {
            if (!copied.has('package-lock.json'))
              problems.push(`${at(step)}: npm ci before package-lock.json is copied`);
            for (const workspace of scripts.workspaces ?? []) {
              const manifest = `${workspace}/package.json`;
              if (!copied.has(manifest))
                problems.push(
                  `${at(step)}: npm ci before ${manifest} is copied (the lockfile names that workspace)`,
                );
            }
          }
        }
      }
    }
  }

  // The runtime stage: not root, health on the server's health route, data on a volume, a command that exists.
  const runtime = stages.at(-1);
  if (runtime) {
    const steps = (keyword: string) => runtime.steps.filter((step) => step.keyword === keyword);
    const user = steps('USER').at(-1)?.args.trim();
    if (!user || user === 'root' || user === '0')
      problems.push('Dockerfile: the runtime stage must end with USER <non-root>');
    const env = new Map<string, string>();
    for (const step of steps('ENV'))
      for (const match of step.args.matchAll(/(\w+)=("[^"]*"|\S+)/g))
        env.set(match[1]!, match[2]!.replace(/^"|"$/g, ''));
    const healthcheck = steps('HEALTHCHECK').at(-1);
    const appSource = files.read('packages/server/src/app.ts');
    if (!healthcheck) problems.push('Dockerfile: the runtime stage needs a HEALTHCHECK');
    else {
      const route = /\/api\/[\w/-]+/.exec(healthcheck.args)?.[0];
      if (route !== '/api/health') problems.push(`${at(healthcheck)}: HEALTHCHECK must ask /api/health`);
      if (!appSource.includes(`'/api/health'`))
        problems.push('packages/server/src/app.ts: has no /api/health route');
    }
    const dataDir = env.get('DATA_DIR');
    const config = files.read('packages/server/src/config.ts');
    for (const name of ['DATA_DIR', 'HOST', 'PORT'])
      if (env.has(name) && !new RegExp(`\\b${name}:`).test(config))
        problems.push(`Dockerfile: ENV ${name} is not a setting the server reads`);
    if (!dataDir) problems.push('Dockerfile: the runtime stage must set ENV DATA_DIR');
    else if (!steps('VOLUME').some((step) => argList(step.args).includes(dataDir)))
      problems.push(`Dockerfile: DATA_DIR ${dataDir} must be a VOLUME`);
    if (env.get('HOST') !== '0.0.0.0')
      problems.push('Dockerfile: ENV HOST=0.0.0.0 (the server listens on 127.0.0.1 by default)');
    const port = env.get('PORT');
    if (port && !steps('EXPOSE').some((step) => step.args.split(/\s+/).includes(port)))
      problems.push(`Dockerfile: EXPOSE ${port} (the PORT it sets)`);
    const command = argList(steps('CMD').at(-1)?.args ?? '');
    const entry = command.find((word) => /\.(ts|js|mjs)$/.test(word));
    if (!entry) problems.push('Dockerfile: CMD must start the server');
    else {
      if (!files.exists(entry)) problems.push(`Dockerfile: CMD runs ${entry}, which does not exist`);
      const copiedDirs = steps('COPY').map((step) =>
        copyParts(step.args).dest.replace(/^\.\//, '').replace(/\/$/, ''),
      );
      if (!copiedDirs.some((dir) => dir && entry.startsWith(`${dir}/`)))
        problems.push(`Dockerfile: CMD runs ${entry}, which the runtime stage does not copy`);
    }
  }

  problems.push(...checkCompose(files.compose));
  for (const pattern of ['node_modules', 'dist', '.git'])
    if (!files.dockerignore.split('\n').some((line) => line.trim().replace(/^\*\*\//, '') === pattern))
      problems.push(`.dockerignore: must leave out ${pattern}`);
  return problems;
}

/** Whether a RUN makes `relative` (npm ci/prune make node_modules, the web build makes its dist). */
function producedBy(run: string, relative: string): boolean {
  if (relative === 'node_modules') return /\bnpm (ci|install)\b/.test(run);
  if (relative === 'packages/web/dist') return /npm run build\b/.test(run);
  return false;
}

/** compose.yaml: Parley and PostgreSQL 15, Parley's DATABASE_URL naming the database service and its user. */
export function checkCompose(text: string): string[] {
  const problems: string[] = [];
  const value = (key: string) =>
    new RegExp(`^\\s+${key}:\\s*(.+)$`, 'm')
      .exec(text)?.[1]
      ?.trim()
      .replace(/^['"]|['"]$/g, '');
  if (!/^services:\s*$/m.test(text)) problems.push('compose.yaml: no services');
  if (!/^ {2}parley:\s*$/m.test(text)) problems.push('compose.yaml: no parley service');
  if (!/^ {2}postgres:\s*$/m.test(text)) problems.push('compose.yaml: no postgres service');
  const image = /image:\s*['"]?(postgres:[\w.-]+)/.exec(text)?.[1];
  if (!image || !/^postgres:15(\b|$)/.test(image))
    problems.push('compose.yaml: the database must be image postgres:15');
  const url = value('DATABASE_URL');
  if (!url) problems.push('compose.yaml: parley needs DATABASE_URL');
  else {
    let parsed: URL | undefined;
    try {
      parsed = new URL(url);
    } catch {
      problems.push(`compose.yaml: DATABASE_URL is not a URL: ${url}`);
    }
    if (parsed) {
      if (parsed.hostname !== 'postgres')
        problems.push('compose.yaml: DATABASE_URL must name the postgres service as its host');
      const expected = {
        POSTGRES_USER: parsed.username,
        POSTGRES_PASSWORD: parsed.password,
        POSTGRES_DB: parsed.pathname.slice(1),
      };
      for (const [key, wanted] of Object.entries(expected))
        if (value(key) !== wanted) problems.push(`compose.yaml: ${key} must match DATABASE_URL (${wanted})`);
    }
  }
  return problems;
}

export function repositoryDockerFiles(root = repoRoot): DockerFiles {
  const read = (relative: string) => readFileSync(path.join(root, relative), 'utf8');
  return {
    dockerfile: read('Dockerfile'),
    compose: read('compose.yaml'),
    dockerignore: read('.dockerignore'),
    packageJson: read('package.json'),
    exists: (relative) => existsSync(path.join(root, relative)),
    read,
  };
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const problems = checkDockerFiles(repositoryDockerFiles());
  for (const problem of problems) console.error(problem);
  if (problems.length > 0) process.exit(1);
  console.log('Dockerfile, compose.yaml and .dockerignore: OK');
}
