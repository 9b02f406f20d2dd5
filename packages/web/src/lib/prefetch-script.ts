/**
 * Fetches a script into the browser's HTTP cache (our built files are immutable and cached for a
 * year), so a worker started from it later starts without a network.
 */
export async function prefetchScript(url: string): Promise<void> {
  const response = await fetch(url, { credentials: 'same-origin' });
  await response.arrayBuffer();
}
