// Import this first (`node --import ./bench/lib/register-ts.mjs …`, or
// `await import()` it) to load the repo's .ts files from plain node scripts.
import { register } from "node:module"

register("./ts-hooks.mjs", import.meta.url)
