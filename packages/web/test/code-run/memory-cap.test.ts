import asm from 'pyodide/pyodide.asm.mjs?raw';
import { describe, expect, it } from 'vitest';
import { capPythonHeap, memoryErrorText } from '../../src/features/code-run/memory-cap';

describe("a Python run's memory limit (decision 0130)", () => {
  it('lowers the heap maximum of the Pyodide build we ship, and refuses a build it cannot cap', () => {
    const capped = capPythonHeap(asm, 512);
    expect(capped).toContain(`var getHeapMax=()=>${512 * 1024 * 1024};`);
    expect(capped.length - asm.length).toBeLessThan(5);
    expect(() => capPythonHeap('var getHeapMax=function(){}', 512)).toThrow(/memory limit/);
  });

  it('names the limit when Python ran out of memory, and leaves other errors alone', () => {
    expect(memoryErrorText('Traceback…\nMemoryError', 512)).toBe(
      'Traceback…\nMemoryError\nThe run stopped at its memory limit (512 MB).',
    );
    expect(memoryErrorText('ZeroDivisionError: division by zero')).toBe(
      'ZeroDivisionError: division by zero',
    );
  });
});
