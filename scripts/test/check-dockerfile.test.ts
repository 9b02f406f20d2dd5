import { describe, expect, it } from 'vitest';
import {
  checkDockerFiles,
  parseDockerfile,
  repositoryDockerFiles,
  type DockerFiles,
} from '../check-dockerfile';

/**
 * The image's build steps checked without a container runtime (decision 0125): the repository's
 * Dockerfile, compose.yaml and .dockerignore pass, and each broken copy below is caught by name.
 */
const real = repositoryDockerFiles();

function withDockerfile(edit: (text: string) => string): DockerFiles {
  return { ...real, dockerfile: edit(real.dockerfile) };
}

describe('Dockerfile and compose.yaml', () => {
  it("the repository's files pass", () => {
    expect(checkDockerFiles(real)).toEqual([]);
  });

  it('joins continued lines and drops comments', () => {
    const parsed = parseDockerfile(
      '# c\nFROM node:20-bookworm-slim AS a\nRUN one \\\n  && two\n\nUSER node\n',
    );
    expect(parsed).toEqual([
      { keyword: 'FROM', args: 'node:20-bookworm-slim AS a', line: 2 },
      { keyword: 'RUN', args: 'one && two', line: 3 },
      { keyword: 'USER', args: 'node', line: 6 },
    ]);
  });

  it('catches a workspace left out before npm ci, a missing script and a missing file', () => {
    const problems = checkDockerFiles(
      withDockerfile((text) =>
        text
          .replace('COPY bench/package.json bench/\n', '')
          .replace('RUN npm run build', 'RUN npm run build:docker')
          .replace('COPY packages/core/package.json', 'COPY packages/cor/package.json'),
      ),
    );
    expect(problems).toEqual(
      expect.arrayContaining([
        expect.stringContaining('npm ci before bench/package.json is copied'),
        expect.stringContaining('npm run build:docker: no such script'),
        expect.stringContaining('COPY packages/cor/package.json: no such file'),
      ]),
    );
  });

  it('catches root, a wrong health route, no volume, a base that is not Node 20 slim and a missing server entry', () => {
    const problems = checkDockerFiles(
      withDockerfile((text) =>
        text
          .replace('USER node', 'USER root')
          .replace('/api/health', '/api/healthz')
          .replace('VOLUME ["/data"]', '')
          .replace('FROM node:20-bookworm-slim AS runtime', 'FROM node:22 AS runtime')
          .replace('packages/server/src/main.ts"]', 'packages/server/src/start.ts"]'),
      ),
    );
    expect(problems).toEqual(
      expect.arrayContaining([
        expect.stringContaining('USER <non-root>'),
        expect.stringContaining('HEALTHCHECK must ask /api/health'),
        expect.stringContaining('DATA_DIR /data must be a VOLUME'),
        expect.stringContaining('node:20-<debian>-slim, not node:22'),
        expect.stringContaining('packages/server/src/start.ts, which does not exist'),
      ]),
    );
  });

  it('catches a compose file whose DATABASE_URL does not match the database it starts', () => {
    const compose = real.compose
      .replace('postgres:15', 'postgres:14')
      .replace('@postgres:5432/parley', '@db:5432/parley')
      .replace('POSTGRES_PASSWORD: parley', 'POSTGRES_PASSWORD: other');
    expect(checkDockerFiles({ ...real, compose })).toEqual([
      'compose.yaml: the database must be image postgres:15',
      'compose.yaml: DATABASE_URL must name the postgres service as its host',
      'compose.yaml: POSTGRES_PASSWORD must match DATABASE_URL (parley)',
    ]);
  });
});
