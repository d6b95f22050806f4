/** A running PGlite served over the Postgres wire protocol. */
export interface PgliteServer {
  port: number
  /** `postgres://…@127.0.0.1:<port>/postgres` */
  url: string
  stop(): Promise<void>
}

export function startPgliteServer(options?: {
  port?: number
  maxConnections?: number
}): Promise<PgliteServer>
