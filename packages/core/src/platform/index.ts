export { FakeClock, isoNow, systemClock } from './clock';
export type { Clock } from './clock';
export { randomIdGenerator, SequentialIdGenerator } from './id-generator';
export type { IdGenerator } from './id-generator';
export { stableHash } from './stable-hash';
