/** User-facing texts of the sync and account calls (spec section 8), shared by server and client. */
export const syncMessages = {
  tooLarge: 'Sync failed: Your data is too large to sync. Please contact support.',
  disabled:
    'Sorry, cloud sync is temporarily disabled. We will resume cloud sync service as soon as possible. Sorry for the inconvenience.',
  otherClientError: 'Something went wrong. Please try again.',
  unexpected:
    'Sorry, there has been a problem with the sync process. Open the Console might clarify the issue.',
  userFetchFailed: 'Something went wrong. Please try again later.',
  sessionExpired: 'Your session has expired.',
  /** PR11: the server and this page speak sync protocols that do not fit (either side newer). */
  incompatible: 'Parley was updated: reload the page to keep syncing.',
} as const;
