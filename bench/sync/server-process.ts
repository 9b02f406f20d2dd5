import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { freePort, REPO_ROOT } from '../lib/server';

const HEALTH_PATH = '/api/health';

/** The real Parley server as a child process on 127.0.0.1, with its request log captured. */
export type SyncServer = {
  url: string;
  pid: number;
  /** Server-side milliseconds of each finished request to `path`, from the server's own log. */
  serverMs(path: string): number[];
  clearLog(): void;
  /**
   * Resolves once the log holds the lines of every request answered so far: the server writes a
   * turn's lines at the start of the next, so a line can arrive after its answer (and after a
   * clearLog meant to leave it out).
   */
  settleLog(): Promise<void>;
  /** Peak resident memory of the server process so far (VmHWM), in MB. */
  peakRssMb(): number;
  /**
   * CPU milliseconds (user + system) the server process has used so far: differences of two
   * readings give its CPU per operation, which other load on the machine changes far less than
   * wall time.
   */
  cpuMs(): number;
  stop(): Promise<void>;
};

export async function startSyncServer(env: Record<string, string>): Promise<SyncServer> {
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'parley-bench-sync-'));
  // SYNC_BENCH_CPU_PROF=<dir>: the server writes a V8 CPU profile there when it stops.
  const profileDir = process.env.SYNC_BENCH_CPU_PROF;
  const profile = profileDir ? ['--cpu-prof', `--cpu-prof-dir=${path.resolve(profileDir)}`] : [];
  // SYNC_BENCH_NODE_ARGS: more flags for the server's Node (space-separated), to try a runtime setting.
  const nodeArgs = (process.env.SYNC_BENCH_NODE_ARGS ?? '').split(' ').filter(Boolean);
  // SYNC_BENCH_SERVER_ROOT: the server of another checkout (a worktree of an older commit), driven by
  // this checkout's devices, so a before/after pair differs only in the server.
  const serverRoot = path.resolve(process.env.SYNC_BENCH_SERVER_ROOT ?? REPO_ROOT);
  const child = spawn(
    process.execPath,
    [...profile, ...nodeArgs, '--import', 'tsx', 'packages/server/src/main.ts'],
    {
      cwd: serverRoot,
      env: {
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        LOG_LEVEL: 'info',
        ...env,
      },
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  let log: { path: string; ms: number }[] = [];
  let healthLines = 0;
  let onHealthLine = () => {};
  createInterface({ input: child.stdout! }).on('line', (line) => {
    if (!line.startsWith('{')) return;
    const entry = JSON.parse(line) as { msg?: string; path?: string; ms?: number };
    if (entry.msg === 'request' && entry.path && typeof entry.ms === 'number')
      log.push({ path: entry.path, ms: entry.ms });
    if (entry.path === HEALTH_PATH) {
      healthLines += 1;
      onHealthLine();
    }
  });
  const url = `http://127.0.0.1:${port}`;
  await waitForHealth(`${url}${HEALTH_PATH}`, child);
  return {
    url,
    pid: child.pid!,
    serverMs: (wanted) => log.filter((entry) => entry.path === wanted).map((entry) => entry.ms),
    clearLog: () => {
      log = [];
    },
    settleLog: async () => {
      // Lines are written in order: once this request's line is in, every earlier one is.
      const wanted = healthLines + 1;
      const logged = new Promise<void>((resolve) => {
        onHealthLine = () => {
          if (healthLines >= wanted) resolve();
        };
      });
      await fetch(`${url}${HEALTH_PATH}`);
      await logged;
    },
    peakRssMb: () => {
      const match = /VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${child.pid}/status`, 'utf8'));
      return match ? Number(match[1]) / 1024 : Number.NaN;
    },
    cpuMs: () => {
      // /proc/<pid>/stat: utime and stime are the 14th and 15th fields, in clock ticks (100 a second).
      const fields = readFileSync(`/proc/${child.pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
      return (Number(fields[11]) + Number(fields[12])) * 10;
    },
    stop: async () => {
      await stopChild(child);
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

async function waitForHealth(healthUrl: string, child: ChildProcess, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited with code ${child.exitCode}`);
    try {
      if ((await fetch(healthUrl)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  child.kill('SIGKILL');
  throw new Error(`server did not answer ${healthUrl} within ${timeoutMs} ms`);
}

function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const force = setTimeout(() => child.kill('SIGKILL'), 5000);
    child.once('exit', () => {
      clearTimeout(force);
      resolve();
    });
    child.kill('SIGTERM');
  });
}
