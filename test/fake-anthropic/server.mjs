// Minimal fake Anthropic API (plain node:http); replaced by the real-API work.
import http from "node:http"

const portArg = process.argv.indexOf("--port")
const port = Number(portArg > 0 ? process.argv[portArg + 1] : 3199)

http
  .createServer((req, res) => {
    res.writeHead(req.url === "/health" ? 200 : 404, {
      "content-type": "application/json",
    })
    res.end(req.url === "/health" ? "{\"ok\":true}" : "{}")
  })
  .listen(port, "127.0.0.1")
