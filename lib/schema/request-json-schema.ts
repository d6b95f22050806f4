/**
 * The JSON schema the request editor validates against (a request, or a bare
 * messages array), generated from the zod schema in `request-schema.ts` —
 * never written by hand. Monaco reads draft-07 (plus its own `errorMessage`
 * keyword, passed through from the zod metadata). The editor imports this
 * module lazily, together with Monaco, so it adds nothing to the first load.
 */
import { z } from "zod"

import { editorRequestSchema } from "./request-schema"

/** Draft-07 JSON schema of the editor's request (input side: defaults are optional fields). */
export const REQUEST_JSON_SCHEMA: object = z.toJSONSchema(editorRequestSchema, {
  target: "draft-7",
  io: "input",
  unrepresentable: "any",
})
