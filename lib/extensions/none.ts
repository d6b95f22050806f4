/**
 * What ./auto.ts is in the page's browser bundle (next.config.mjs): nothing.
 * The page installs the extensions itself once it has painted.
 */
export {}
