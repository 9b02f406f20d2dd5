import { afterEach, describe, expect, it, vi } from 'vitest';
import { startRecording } from '../../src/features/speech/voice-recorder';

/** MediaRecorder as far as the recorder uses it: chunks are pushed by the test. */
class FakeRecorder extends EventTarget {
  static last: FakeRecorder | undefined;
  static isTypeSupported = (type: string) => type === 'audio/webm;codecs=opus';
  state: 'inactive' | 'recording' = 'inactive';
  constructor(
    readonly stream: unknown,
    readonly options?: { mimeType?: string },
  ) {
    super();
    FakeRecorder.last = this;
  }
  get mimeType() {
    return this.options?.mimeType ?? '';
  }
  start() {
    this.state = 'recording';
  }
  stop() {
    this.state = 'inactive';
    this.dispatchEvent(new Event('stop'));
  }
  push(bytes: number) {
    this.dispatchEvent(
      Object.assign(new Event('dataavailable'), { data: new Blob([new Uint8Array(bytes)]) }),
    );
  }
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('recording caps', () => {
  it('stops by itself just under the length limit and says it was capped', async () => {
    vi.useFakeTimers();
    vi.stubGlobal('MediaRecorder', FakeRecorder);
    const onCapped = vi.fn();
    const recording = startRecording({} as MediaStream, onCapped, { maxMs: 5000, maxBytes: 1000 });
    FakeRecorder.last!.push(10);
    vi.advanceTimersByTime(3999);
    expect(onCapped).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(onCapped).toHaveBeenCalledOnce();
    const audio = await recording.finish();
    expect(audio).toMatchObject({ capped: 'length', mimeType: 'audio/webm;codecs=opus' });
    expect(audio.blob.size).toBe(10);
  });

  it('stops before the upload limit, keeping what was recorded', async () => {
    vi.stubGlobal('MediaRecorder', FakeRecorder);
    const onCapped = vi.fn();
    const recording = startRecording({} as MediaStream, onCapped, { maxMs: 60_000, maxBytes: 1000 });
    FakeRecorder.last!.push(500);
    expect(onCapped).not.toHaveBeenCalled();
    FakeRecorder.last!.push(490);
    expect(onCapped).toHaveBeenCalledOnce();
    const audio = await recording.finish();
    expect(audio).toMatchObject({ capped: 'size' });
    expect(audio.blob.size).toBe(990);
  });

  it('a cancelled recording hands nothing over', async () => {
    vi.stubGlobal('MediaRecorder', FakeRecorder);
    const recording = startRecording({} as MediaStream, () => {}, { maxMs: 60_000, maxBytes: 1000 });
    FakeRecorder.last!.push(100);
    recording.cancel();
    expect(FakeRecorder.last!.state).toBe('inactive');
    expect((await recording.finish()).blob.size).toBe(0);
  });
});
