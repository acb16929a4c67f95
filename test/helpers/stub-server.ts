import { afterAll, afterEach, beforeAll, expect } from 'vitest';
import { ApiServer } from './api-server.js';

/**
 * An ApiServer for one test file: started before its tests; after each, no request went unanswered and every route
 * stubbed with `on` was requested (as gh's httpmock Registry.Verify), and it is reset.
 */
export function fileServer(): ApiServer {
  const server = new ApiServer();
  beforeAll(() => server.start());
  afterEach(() => {
    const unmatched = server.unmatched.map((request) => `${request.method} ${request.path}`);
    const unused = server.unused;
    server.reset(); // first, so that one test's stray request or unused stub fails that test alone
    expect({ unmatched, unused }, 'requests no stub answered, and stubs no request reached').toEqual({ unmatched: [], unused: [] });
  });
  afterAll(() => server.stop());
  return server;
}
