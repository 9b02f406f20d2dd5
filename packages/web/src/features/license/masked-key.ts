/**
 * The License Manager shows only the key's last 4 characters (the server stores no more, LS1):
 * `••••-••••-AB12`.
 */
export function maskedLicenseKey(keyHint: string): string {
  const tail = keyHint.trim().slice(-4).toUpperCase().padStart(4, '•');
  return `••••-••••-${tail}`;
}
