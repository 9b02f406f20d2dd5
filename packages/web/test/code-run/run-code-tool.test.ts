import { describe, expect, it } from 'vitest';
import { describeRun, MAX_RUN_SECONDS, parseRunCode } from '../../src/features/code-run/run-code-tool';

describe('run_code arguments', () => {
  it('takes python or javascript with code, and a shorter limit at most the maximum', () => {
    expect(parseRunCode({ language: 'python', code: 'print(1)' })).toEqual({
      ok: true,
      language: 'python',
      code: 'print(1)',
      timeoutMs: MAX_RUN_SECONDS * 1000,
    });
    expect(parseRunCode({ language: 'javascript', code: '1', timeout_seconds: 2 })).toMatchObject({
      timeoutMs: 2000,
    });
    expect(parseRunCode({ language: 'javascript', code: '1', timeout_seconds: 600 })).toMatchObject({
      timeoutMs: MAX_RUN_SECONDS * 1000,
    });
  });

  it('refuses another language or no code with a message the model can act on', () => {
    expect(parseRunCode({ language: 'ruby', code: 'puts 1' })).toEqual({
      ok: false,
      message: 'run_code needs "language": "python" or "javascript".',
    });
    expect(parseRunCode({ language: 'python', code: '  ' })).toEqual({
      ok: false,
      message: 'run_code needs the program as "code".',
    });
  });
});

describe('what a run shows', () => {
  it('gives the model the output, value, error and files, and the user fenced text and inline PNGs only', () => {
    const { forModel, markdown } = describeRun({
      stdout: 'has ``` fences',
      stderr: '',
      result: '42',
      error: 'Traceback: ValueError',
      files: [
        { name: 'plot.png', mimeType: 'image/png', base64: 'iVBORw0K' },
        { name: 'drawing.svg', mimeType: 'image/svg+xml', base64: 'PHN2Zz4=' },
      ],
    });
    expect(forModel).toContain('stdout:\nhas ``` fences');
    expect(forModel).toContain('result: 42');
    expect(forModel).toContain('error:\nTraceback: ValueError');
    expect(forModel).toContain('wrote file drawing.svg (image/svg+xml, 6 B)');
    // A longer fence than the output's own, so it cannot close the block early.
    expect(markdown).toContain('````text\nhas ``` fences\n````');
    expect(markdown).toContain('![plot.png](data:image/png;base64,iVBORw0K)');
    // SVG is never drawn in the app's page: it is listed, not shown.
    expect(markdown).not.toContain('data:image/svg');
    expect(markdown).toContain('📄 drawing.svg (6 B)');
  });

  it('says so when the code printed nothing', () => {
    expect(describeRun({ stdout: '', stderr: '', files: [] })).toEqual({
      forModel: 'The code ran and printed nothing.',
      markdown: '_(no output)_',
    });
  });
});

describe('which code blocks have Run', () => {
  it('Python and JavaScript fences, by their usual names; others and none do not', async () => {
    const { runnableLanguage } = await import('../../src/features/code-run/run-now');
    expect(['python', 'py', 'Python3 title', 'js', 'javascript', 'mjs'].map(runnableLanguage)).toEqual([
      'python',
      'python',
      'python',
      'javascript',
      'javascript',
      'javascript',
    ]);
    expect([undefined, '', 'ts', 'html', 'bash'].map(runnableLanguage)).toEqual([
      null,
      null,
      null,
      null,
      null,
    ]);
  });
});
