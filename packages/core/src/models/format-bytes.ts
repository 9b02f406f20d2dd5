const UNITS = ['Bytes', 'KB', 'MB', 'GB', 'TB'] as const;

/** 0 → "0 Bytes", 1536 → "1.5 KB" (1024-based, at most `decimals` decimals; TK6). */
export function formatBytes(bytes: number, decimals = 2): string {
  if (!Number.isFinite(bytes) || bytes <= 0) return '0 Bytes';
  const exponent = Math.min(Math.floor(Math.log(bytes) / Math.log(1024)), UNITS.length - 1);
  const value = bytes / 1024 ** exponent;
  return `${parseFloat(value.toFixed(Math.max(0, decimals)))} ${UNITS[exponent]}`;
}
