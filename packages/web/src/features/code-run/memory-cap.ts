/**
 * The Python run's memory limit (decision 0130). Pyodide's wasm memory grows on demand up to
 * Emscripten's heap maximum (4 GiB); the worker loads Pyodide's module with that maximum lowered, so
 * a run that asks for more gets `MemoryError` from Python (the allocation fails) and ends with it as
 * its error, instead of taking the tab's memory. Each run is a fresh worker, so nothing is left over.
 */
export const PYTHON_MEMORY_LIMIT_MB = 512;

const HEAP_MAX = /var getHeapMax=\(\)=>\d+;/;

/** Pyodide's Emscripten module source with its heap maximum set to `megabytes`. */
export function capPythonHeap(asmSource: string, megabytes = PYTHON_MEMORY_LIMIT_MB): string {
  if (!HEAP_MAX.test(asmSource))
    throw new Error('The Python interpreter could not be given its memory limit (unknown Pyodide build).');
  return asmSource.replace(HEAP_MAX, `var getHeapMax=()=>${megabytes * 1024 * 1024};`);
}

/** The run's error, naming the limit when Python ran out of memory. */
export function memoryErrorText(error: string, megabytes = PYTHON_MEMORY_LIMIT_MB): string {
  return /\bMemoryError\b/.test(error) && !error.includes('memory limit')
    ? `${error}\nThe run stopped at its memory limit (${megabytes} MB).`
    : error;
}
