// A real Postgres wire-protocol server for tests, with no system install:
// PGlite (Postgres compiled to WASM) served over TCP by pglite-socket, so
// node-postgres (`pg`) connects to it as to any Postgres server.
//
// Run:    node test/postgres/pglite-server.mjs --port 3320
// Import: const pg = await startPgliteServer({ port: 0 })  → { url, stop }
import { pathToFileURL } from "node:url"

import { PGlite } from "@electric-sql/pglite"
import { PGLiteSocketServer } from "@electric-sql/pglite-socket"

/**
 * Starts an in-memory Postgres on 127.0.0.1 (`port: 0` picks a free one).
 * `maxConnections`: PGlite runs one backend; the socket server multiplexes
 * this many client connections onto it (two app instances' pools).
 */
export async function startPgliteServer({
  port = 0,
  maxConnections = 64,
} = {}) {
  const db = await PGlite.create()
  const server = new PGLiteSocketServer({
    db,
    port,
    host: "127.0.0.1",
    maxConnections,
  })
  await server.start()
  // "127.0.0.1:<port>", with the port the OS picked for `port: 0`.
  const actual = Number(server.getServerConn().split(":").pop())
  return {
    port: actual,
    url: `postgres://postgres:postgres@127.0.0.1:${actual}/postgres?sslmode=disable`,
    db,
    async stop() {
      await server.stop()
      await db.close()
    },
  }
}

if (
  process.argv[1] &&
  import.meta.url === pathToFileURL(process.argv[1]).href
) {
  const i = process.argv.indexOf("--port")
  const pg = await startPgliteServer({
    port: i > 0 ? Number(process.argv[i + 1]) : 0,
  })
  process.stdout.write(`postgres (PGlite) listening on ${pg.url}\n`)
  for (const signal of ["SIGINT", "SIGTERM"]) {
    process.on(signal, () => void pg.stop().then(() => process.exit(0)))
  }
}
