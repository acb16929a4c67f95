// The types of scripts/install-size.mjs, for the test that compares docs/install.md's figures with an install.

/** The size of an installed ws (its folder under node_modules): bytes of files, native modules, its packages largest first. */
export function installedSize(installed: string): { bytes: number; native: number; packages: { name: string; bytes: number }[] };
