// Build-time settings. The only module that reads import.meta.env.

export const env = {
  /** Base of every API call; the API serves the built web app on the same origin. */
  apiBaseUrl: '/api',
  /** Where 'Leave Site' on the adult gate sends the visitor. */
  leaveSiteUrl: (import.meta.env.VITE_LEAVE_SITE_URL as string | undefined) ?? 'https://www.google.com/',
  isDev: import.meta.env.DEV,
} as const;
