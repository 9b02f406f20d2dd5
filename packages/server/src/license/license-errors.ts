/** Why a license operation failed; routes map each to an HTTP error, the CLI prints the message. */
export type LicenseErrorCode =
  | 'invalid_key'
  | 'device_limit'
  | 'user_limit'
  | 'invalid_token'
  | 'device_not_found'
  | 'license_not_found'
  | 'ambiguous_license';

export class LicenseError extends Error {
  constructor(
    readonly code: LicenseErrorCode,
    message: string,
  ) {
    super(message);
  }
}
