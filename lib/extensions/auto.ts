/**
 * Installs every engine extension on import. `lib/context-editing`'s index
 * imports this, so Node (tests, benches, scripts) gets the whole engine; the
 * page's browser bundle resolves this module to ./none.ts instead
 * (next.config.mjs, turbopack.resolveAlias) and loads ./all.ts after the
 * first paint, keeping the PDF reader and the schema validator out of the
 * first-load JS.
 */
import { installAllExtensions } from "./all"

installAllExtensions()
