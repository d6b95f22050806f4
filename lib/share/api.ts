// The short-link HTTP contract, shared by the route handlers and the
// browser code that calls them, so both sides parse the same shapes.

import { z } from "zod"

/** Body of `POST /api/share`. */
export const createShareRequestSchema = z.object({
  /** A `v2.…` (or older `v1.…`) fragment as built by `encodeShare` (a leading `#` is fine). */
  payload: z.string(),
})

/** Body of `POST /api/share`. */
export type CreateShareRequest = z.infer<typeof createShareRequestSchema>

/**
 * Answer to `POST /api/share`. `deleteToken` is present only for the request
 * that stored the state (201); a repeat of an existing state gets 200 with
 * `existed: true` and no token, because it created nothing to delete.
 */
export const createShareResponseSchema = z.object({
  id: z.string(),
  url: z.string(),
  existed: z.boolean(),
  deleteToken: z.string().optional(),
  notes: z.array(z.string()),
})

/** Answer to `POST /api/share`. */
export type CreateShareResponse = z.infer<typeof createShareResponseSchema>

/** Answer to `GET /api/share/:id`. */
export const getShareResponseSchema = z.object({
  id: z.string(),
  payload: z.string(),
  createdAt: z.number(),
})

/** Answer to `GET /api/share/:id`. */
export type GetShareResponse = z.infer<typeof getShareResponseSchema>

/** The one error shape every share route returns. */
export const shareErrorResponseSchema = z.object({
  error: z.object({ code: z.string(), message: z.string() }),
})

/** The one error shape every share route returns. */
export type ShareErrorResponse = z.infer<typeof shareErrorResponseSchema>

/** Header carrying the delete token on `DELETE /api/share/:id`. */
export const DELETE_TOKEN_HEADER = "x-delete-token"
