import { describe, expect, it } from 'vitest';
import {
  firstLines,
  slowest,
  storyFailures,
  storyTimings,
  unitFailures,
  unitFileTimings,
} from '../test-report';

describe('the test report', () => {
  it('names each story by file, line and titles, and counts every attempt of a retried one', () => {
    const report = {
      suites: [
        {
          title: 'chat.spec.ts',
          specs: [
            {
              title: 'top-level story',
              file: 'chat.spec.ts',
              line: 3,
              tests: [{ results: [{ duration: 1500, retry: 0, status: 'passed' }] }],
            },
          ],
          suites: [
            {
              title: 'Chat',
              specs: [
                {
                  title: 'a retried story',
                  file: 'chat.spec.ts',
                  line: 9,
                  tests: [
                    {
                      results: [
                        { duration: 4000, retry: 0, status: 'failed' },
                        { duration: 2500, retry: 1, status: 'passed' },
                      ],
                    },
                  ],
                },
              ],
            },
          ],
        },
      ],
    };
    expect(storyTimings(report)).toEqual([
      { name: 'chat.spec.ts:3 top-level story', seconds: 1.5 },
      { name: 'chat.spec.ts:9 Chat › a retried story (2 attempts)', seconds: 6.5 },
    ]);
  });

  it('times each unit file from its start to its end, relative to the repository', () => {
    const report = {
      testResults: [
        { name: '/repo/packages/core/test/a.test.ts', startTime: 1000, endTime: 3500 },
        { name: '/repo/packages/web/test/b.test.tsx', startTime: 2000, endTime: 2100 },
      ],
    };
    expect(unitFileTimings(report, '/repo')).toEqual([
      { name: 'packages/core/test/a.test.ts', seconds: 2.5 },
      { name: 'packages/web/test/b.test.tsx', seconds: 0.1 },
    ]);
  });

  it('lists the slowest first and no more than asked', () => {
    const timings = [1, 5, 3, 4, 2].map((seconds) => ({ name: `t${seconds}`, seconds }));
    expect(slowest(timings, 3).map((timing) => timing.name)).toEqual(['t5', 't4', 't3']);
  });

  it("names the stories that failed every attempt, the flaky ones, and the run's own errors", () => {
    const report = {
      suites: [
        {
          title: 'sync.spec.ts',
          specs: [
            {
              title: 'fails twice',
              file: 'sync.spec.ts',
              line: 4,
              tests: [
                {
                  results: [
                    {
                      duration: 1,
                      retry: 0,
                      status: 'failed',
                      error: { message: '\u001b[31mExpected: 2\u001b[39m\nReceived: 3' },
                    },
                    { duration: 1, retry: 1, status: 'timedOut', error: { message: 'Timeout' } },
                  ],
                },
              ],
            },
            {
              title: 'flaky',
              file: 'sync.spec.ts',
              line: 9,
              tests: [
                {
                  results: [
                    { duration: 1, retry: 0, status: 'failed', errors: [{ message: 'locator not found' }] },
                    { duration: 1, retry: 1, status: 'passed' },
                  ],
                },
              ],
            },
            {
              title: 'passes',
              file: 'sync.spec.ts',
              line: 12,
              tests: [{ results: [{ duration: 1, retry: 0, status: 'passed' }] }],
            },
          ],
        },
      ],
      errors: [{ message: 'CSP violations: 1' }],
    };
    expect(storyFailures(report)).toEqual([
      { name: 'sync.spec.ts:4 fails twice', error: 'Expected: 2\nReceived: 3' },
      { name: 'sync.spec.ts:9 flaky', error: 'locator not found', flaky: true },
      { name: 'the run itself', error: 'CSP violations: 1' },
    ]);
  });

  it('names the unit tests that failed, and a file that failed before its tests ran', () => {
    const report = {
      testResults: [
        {
          name: '/repo/packages/core/test/a.test.ts',
          status: 'failed',
          assertionResults: [
            { fullName: 'a works', status: 'passed' },
            { fullName: 'a fails', status: 'failed', failureMessages: ['AssertionError: no\n    at x'] },
          ],
        },
        {
          name: '/repo/packages/web/test/b.test.ts',
          status: 'failed',
          message: 'Cannot find module',
          assertionResults: [],
        },
        { name: '/repo/packages/web/test/c.test.ts', status: 'passed', assertionResults: [] },
      ],
    };
    expect(unitFailures(report, '/repo')).toEqual([
      { name: 'packages/core/test/a.test.ts › a fails', error: 'AssertionError: no\n    at x' },
      { name: 'packages/web/test/b.test.ts', error: 'Cannot find module' },
    ]);
  });

  it('keeps the first lines of an error, without colours or blank lines', () => {
    expect(firstLines('\u001b[2mone\u001b[22m\n\n two \nthree\nfour', 2)).toBe('one\n two');
  });
});
