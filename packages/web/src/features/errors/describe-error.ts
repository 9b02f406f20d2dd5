/** Message and stack of anything thrown (errors, strings, objects), for the technical details. */
export function describeError(error: unknown): { message: string; stack: string | undefined } {
  if (error instanceof Error) {
    const message = `${error.name}: ${error.message}`;
    // V8 stacks start with the message line again; show it once.
    const stack = error.stack?.startsWith(message)
      ? error.stack.slice(message.length).replace(/^\n/, '')
      : error.stack;
    return { message, stack: stack || undefined };
  }
  if (typeof error === 'string') return { message: error, stack: undefined };
  try {
    return { message: JSON.stringify(error) ?? String(error), stack: undefined };
  } catch {
    return { message: String(error), stack: undefined };
  }
}
