/**
 * Engine extensions: the parts of the engine that need a library too large
 * for the page's first-load JS (a PDF reader with an inflater, a JSON Schema
 * validator with the draft 2020-12 meta-schema). The engine asks for them
 * here and does without until they are installed: in Node (tests, benches)
 * `lib/context-editing`'s index installs them on import (./auto.ts); in the
 * browser the page and its workers load ./all.ts after the first paint and
 * install it, and the numbers are recounted (docs/tokens.md, "Documents").
 */

/** One page of a PDF as the API reads it: its size in points and its text. */
export interface PdfPage {
  width: number
  height: number
  text: string
}

/** What the engine's extensions provide. */
export interface EngineExtensions {
  /** The pages of a base64 PDF, or null when the bytes cannot be read. */
  readPdf?: (base64: string) => PdfPage[] | null
  /**
   * A base64 PDF's extracted text and page-image tokens (its pages read by
   * readPdf), or null when the bytes cannot be read.
   */
  pdfParts?: (base64: string) => { text: string; images: number } | null
  /** The API's 400 for a tool's input_schema it refuses, or null. */
  inputSchemaProblem?: (schema: unknown) => string | null
}

const installed: EngineExtensions = {}
let version = 0

/** The installed extensions (empty until installExtensions ran). */
export const extensions: Readonly<EngineExtensions> = installed

/** Bumped by every install: part of the estimators' cache keys. */
export const extensionsVersion = (): number => version

/** Installs (or replaces) extensions; counts made before are recounted. */
export function installExtensions(e: EngineExtensions): void {
  Object.assign(installed, e)
  version++
}
