import { describe, expect, it } from 'vitest';
import { slowest, storyTimings, unitFileTimings } from '../test-report';

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
});
