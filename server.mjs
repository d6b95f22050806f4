// The production server: Next's request handler behind a plain node:http
// server, so the app learns each connection's real address. Next passes a
// client's own `X-Forwarded-For` through untouched (it only fills the
// header in when it is missing), so without this entry a route cannot tell
// who connected; the rate limits then share one bucket for everyone
// (lib/server/client-identity.ts).
//
// Runs the build in this folder: the repository after `next build`
// (`npm start`), or a standalone output (`.next/standalone`, with this file,
// `.next/static` and `public` copied in: see Dockerfile).
//
//   node server.mjs [--port 3000] [-H 0.0.0.0]    (or PORT / HOSTNAME)
import { randomBytes } from "node:crypto"
import { existsSync, readFileSync } from "node:fs"
import http from "node:http"
import { createRequire } from "node:module"
import { dirname, join } from "node:path"
import { fileURLToPath } from "node:url"

const dir = dirname(fileURLToPath(import.meta.url))
const require = createRequire(import.meta.url)

function arg(names, fallback) {
  const i = process.argv.findIndex((a) => names.includes(a))
  return i > 0 && process.argv[i + 1] ? process.argv[i + 1] : fallback
}

const port = Number(arg(["--port", "-p"], process.env.PORT ?? "3000"))
const hostname = arg(["--hostname", "-H"], process.env.HOSTNAME ?? "0.0.0.0")

process.env.NODE_ENV = "production"
process.chdir(dir)

// The connection's address travels to the routes in a header whose name is
// random per process, so no client can send it; anything a client sends
// under that name is replaced.
const peerHeader = `x-playground-peer-${randomBytes(12).toString("hex")}`
process.env.PLAYGROUND_PEER_HEADER = peerHeader

// A standalone output has no next.config.js: its config was written at
// build time into required-server-files.json. (Run from the repository,
// Next warns that "next start" does not work with output: standalone; it
// does: the full node_modules is there.)
const serverFiles = join(dir, ".next", "required-server-files.json")
const standalone =
  !existsSync(join(dir, "next.config.js")) && existsSync(serverFiles)
const conf = standalone
  ? JSON.parse(readFileSync(serverFiles, "utf8")).config
  : undefined
if (conf) process.env.__NEXT_PRIVATE_STANDALONE_CONFIG = JSON.stringify(conf)

const next = require("next")
const app = next({ dev: false, dir, hostname, port, ...(conf ? { conf } : {}) })
const handle = app.getRequestHandler()
await app.prepare()

const server = http.createServer((req, res) => {
  req.headers[peerHeader] = req.socket.remoteAddress ?? ""
  void handle(req, res)
})
const keepAlive = Number(process.env.KEEP_ALIVE_TIMEOUT)
if (Number.isFinite(keepAlive) && keepAlive > 0)
  server.keepAliveTimeout = keepAlive

server.listen(port, hostname, () => {
  process.stdout.write(
    `ready on http://${hostname.includes(":") ? `[${hostname}]` : hostname}:${port}${standalone ? " (standalone)" : ""}\n`
  )
})

// `docker stop` and orchestrators send SIGTERM: finish open requests, then go.
for (const signal of ["SIGINT", "SIGTERM"]) {
  process.once(signal, () => {
    server.close(() => process.exit(0))
    server.closeIdleConnections?.()
    setTimeout(() => process.exit(0), 10_000).unref()
  })
}
