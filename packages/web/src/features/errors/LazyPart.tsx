import { Suspense, useState, type ComponentType } from 'react';
import { LazyPartBoundary, useRetryableLazy } from './LazyPartBoundary';

type LazyPartProps<P extends object> = {
  load: () => Promise<{ default: ComponentType<P> }>;
  props: P;
  /** The chunk could not be fetched: tell the user and close what wanted it. The next render retries. */
  onFailed: (error: unknown) => void;
};

/** A lazily loaded part that survives a failed chunk: nothing shown, `onFailed` called, retried next time. */
export function LazyPart<P extends object>({ load, props, onFailed }: LazyPartProps<P>) {
  const [Part, retry] = useRetryableLazy(load);
  const [attempt, setAttempt] = useState(0);
  return (
    <LazyPartBoundary
      key={attempt}
      onFailed={(error) => {
        onFailed(error);
        retry();
        setAttempt((count) => count + 1);
      }}
    >
      <Suspense fallback={null}>
        <Part {...props} />
      </Suspense>
    </LazyPartBoundary>
  );
}
