/**
 * A one-slot memo that outlives a component: the picker's popup mounts afresh at each opening, and
 * with thousands of listed models, deriving its list again is most of what opening costs. Returns
 * the last value while every input is the same (===) as last time.
 */
export function rememberLast<T>(): (inputs: readonly unknown[], build: () => T) => T {
  let last: { inputs: readonly unknown[]; value: T } | undefined;
  return (inputs, build) => {
    if (
      last &&
      last.inputs.length === inputs.length &&
      last.inputs.every((value, i) => value === inputs[i])
    ) {
      return last.value;
    }
    last = { inputs, value: build() };
    return last.value;
  };
}
