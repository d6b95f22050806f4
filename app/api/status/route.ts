import { readServerConfig } from "@/lib/anthropic/client"
import type { StatusResult } from "@/lib/anthropic/schemas"

export const runtime = "nodejs"
export const dynamic = "force-dynamic"

/** Whether the server has its own API key (never the key itself). */
export function GET(): Response {
  const config = readServerConfig(process.env)
  const body: StatusResult = { serverKey: config.serverApiKey !== undefined }
  return Response.json(body, { headers: { "cache-control": "no-store" } })
}
