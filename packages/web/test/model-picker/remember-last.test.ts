import { describe, expect, it } from 'vitest';
import { rememberLast } from '../../src/features/model-picker/remember-last';

describe('rememberLast', () => {
  it('builds again only when an input is not the same as last time', () => {
    const remembered = rememberLast<{ n: number }>();
    const list = [1, 2];
    let builds = 0;
    const build = () => ({ n: ++builds });
    const first = remembered([list, 'a'], build);
    expect(remembered([list, 'a'], build)).toBe(first);
    expect(remembered([[1, 2], 'a'], build)).not.toBe(first); // an equal copy is another list
    expect(remembered([list, 'b'], build).n).toBe(3);
    expect(builds).toBe(3);
  });
});
