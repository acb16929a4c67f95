/** What `ws auth status --json` prints; index.ts lists them in help, status.ts prints them. */
export const authStatusFields = ['profile', 'baseUrl', 'apiKey', 'authenticated'] as const;
