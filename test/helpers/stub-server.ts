import { afterAll, afterEach, beforeAll, expect } from 'vitest';
import { ApiServer } from './api-server.js';

/** An ApiServer for one test file: started before its tests; after each, no request went unanswered, and it is reset. */
export function fileServer(): ApiServer {
  const server = new ApiServer();
  beforeAll(() => server.start());
  afterEach(() => {
    const unmatched = [...server.unmatched];
    server.reset(); // first, so that one test's stray request fails that test alone
    expect(unmatched).toEqual([]);
  });
  afterAll(() => server.stop());
  return server;
}
