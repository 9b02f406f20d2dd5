import { describe, expect, it } from 'vitest';
import { batchedWriter, jsonLogger } from '../src/http/logger';

describe('batchedWriter (issue #32: one write a turn, not one a request line)', () => {
  function manualTurns() {
    let pending: (() => void)[] = [];
    return {
      nextTurn: (run: () => void) => {
        pending.push(run);
      },
      turn: () => {
        const due = pending;
        pending = [];
        for (const run of due) run();
      },
    };
  }

  it('writes the lines of one turn together, in order, at the start of the next', () => {
    const loop = manualTurns();
    const writes: string[] = [];
    const out = batchedWriter((text) => writes.push(text), loop.nextTurn);
    const log = jsonLogger(out.write);
    log({ level: 'info', msg: 'request', path: '/api/sync', ms: 1 });
    log({ level: 'error', msg: 'unhandled' });
    expect(writes).toEqual([]);
    loop.turn();
    expect(writes).toHaveLength(1);
    const lines = writes[0]!.split('\n');
    expect(lines.pop()).toBe('');
    expect(lines.map((line) => (JSON.parse(line) as { msg: string }).msg)).toEqual(['request', 'unhandled']);
    out.write('next turn\n');
    loop.turn();
    expect(writes).toEqual([writes[0], 'next turn\n']);
  });

  it('flush writes what waits at once, and the turn then writes nothing more', () => {
    const loop = manualTurns();
    const writes: string[] = [];
    const out = batchedWriter((text) => writes.push(text), loop.nextTurn);
    out.write('a\n');
    out.write('b\n');
    out.flush();
    expect(writes).toEqual(['a\nb\n']);
    loop.turn();
    expect(writes).toEqual(['a\nb\n']);
  });
});
