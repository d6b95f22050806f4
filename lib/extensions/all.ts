/**
 * Every engine extension, installed together: the PDF reader and the input
 * schema validator (registry.ts says why they are extensions). The page and
 * its workers import this after the first paint; Node imports it through
 * ./auto.ts.
 */
import { inputSchemaProblem } from "./json-schema"
import { readPdf } from "./pdf"
import { pdfParts } from "./pdf-count"
import { type EngineExtensions, installExtensions } from "./registry"

export const ALL_EXTENSIONS: EngineExtensions = {
  readPdf,
  pdfParts,
  inputSchemaProblem,
}

/** Installs every extension (idempotent in effect; bumps the version). */
export function installAllExtensions(): void {
  installExtensions(ALL_EXTENSIONS)
}
