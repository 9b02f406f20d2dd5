const UNITS = ['Bytes', 'KB', 'MB', 'GB', 'TB'] as const;

/** Human size with the spec's units (section 9: Bytes, KB, MB, GB, TB), base 1024, up to 2 decimals. */
export function formatBytes(bytes: number): string {
  if (!Number.isFinite(bytes) || bytes <= 0) return '0 Bytes';
  const exponent = Math.min(Math.floor(Math.log(bytes) / Math.log(1024)), UNITS.length - 1);
  const value = bytes / 1024 ** exponent;
  return `${Number.parseFloat(value.toFixed(2))} ${UNITS[exponent]}`;
}
