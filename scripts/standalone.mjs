// Completes Next's standalone output (`.next/standalone`, written by
// `next build` with `output: "standalone"`) into a folder that runs on its
// own: Next leaves out the static assets and `public/`, and the server
// entry is ours (`server.mjs`, which gives the app each connection's
// address). The Dockerfile does the same with COPY.
//
//   node scripts/standalone.mjs      then   node .next/standalone/server.mjs
import { cpSync, existsSync } from "node:fs"
import { dirname, join } from "node:path"
import { fileURLToPath } from "node:url"

const root = join(dirname(fileURLToPath(import.meta.url)), "..")
const out = join(root, ".next", "standalone")
if (!existsSync(join(out, "server.js"))) {
  console.error("No .next/standalone: run `next build` first.")
  process.exit(1)
}
cpSync(join(root, ".next", "static"), join(out, ".next", "static"), {
  recursive: true,
})
if (existsSync(join(root, "public")))
  cpSync(join(root, "public"), join(out, "public"), { recursive: true })
cpSync(join(root, "server.mjs"), join(out, "server.mjs"))
console.log(
  `standalone server ready: node ${join(".next", "standalone", "server.mjs")}`
)
