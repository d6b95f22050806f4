// Types of bundle.mjs (plain JS: scripts/report.mjs loads it before any transpiler).
/** The folder of the current bundle (built first when a source changed). */
export function bundleDir(): Promise<string>
/** Imports an entry ("main", "worker", "thread" or "reader") of the bundle in `dir`. */
export function importEntry(dir: string, name: string): Promise<unknown>
