// The types of bin/compile-cache.cjs, for src/ (src/completion/names-cache.ts keeps its cache in the same folder).
/** Enables Node's compile cache in the user's cache folder, where it is safe (Node 22.1 and later). */
export function enable(): void;
/** The cache folder `ws/<name>` of this user, made if missing, if it is safe; else undefined. */
export function cacheFolder(name: string, env?: Record<string, string | undefined>): string | undefined;
