/** What `ws auth status --json` prints; index.ts lists them in help, status.ts prints them. */
export const authStatusFields = ['profile', 'baseUrl', 'apiKey', 'proxy', 'caFile', 'authenticated'] as const;
