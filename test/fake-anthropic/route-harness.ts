/**
 * Shared setup for route tests: a fake Anthropic API on a free port, the env
 * pointing at it, per-test client IPs (so the in-memory rate limiter does not
 * couple tests) and helpers to build requests and read NDJSON streams.
 */
import { mkdtempSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"

import { afterAll, afterEach, beforeAll, beforeEach, vi } from "vitest"

import { closeDatabase } from "@/lib/server/database"

import type { StreamLine } from "@/lib/anthropic/schemas"

import { startFakeAnthropic, type FakeAnthropic } from "./start.mjs"
import { fakeKey } from "../fake-key"

/**
 * The server's own key in route tests. Deliberately not key-shaped: these
 * tests are about which key is used, not about masking.
 */
export const SERVER_TEST_KEY = "test-server-key-not-a-secret"

/** A key that must never appear in any response body or log line. */
export const CANARY_KEY = fakeKey("canary-3f9a1c7e5b2d4680aa11")

const MANAGED_ENV = [
  "ANTHROPIC_API_KEY",
  "ANTHROPIC_BASE_URL",
  "ANTHROPIC_AUTH_TOKEN",
  "PLAYGROUND_UPSTREAM_TIMEOUT_MS",
  "PLAYGROUND_STREAM_IDLE_TIMEOUT_MS",
  "PLAYGROUND_RETRY_BASE_MS",
  "TRUSTED_PROXY_HOPS",
  "SHARE_DATABASE_URL",
] as const

function stringify(value: unknown): string {
  if (typeof value === "string") return value
  if (value instanceof Error)
    return `${value.name}: ${value.message}\n${value.stack}`
  try {
    return JSON.stringify(value)
  } catch {
    return String(value)
  }
}

const CONSOLE_METHODS = ["log", "info", "warn", "error", "debug"] as const

/** One database file per test file for the shared rate limits. */
const databaseDir = mkdtempSync(join(tmpdir(), "route-harness-"))

/**
 * Starts the fake before the file's tests and resets it before each one.
 * Env defaults: base URL = the fake, no server key, 5 ms retry backoff,
 * one trusted proxy (the tests play it: `X-Forwarded-For` names the
 * client) and a fresh database for the rate limits.
 * Console output of the handlers is captured (not printed) into `logs()`.
 */
export function setupFakeAnthropic(): {
  readonly fake: FakeAnthropic
  logs(): string[]
} {
  const saved = new Map<string, string | undefined>()
  const holder: { fake?: FakeAnthropic } = {}
  let logs: string[] = []
  beforeEach(() => {
    logs = []
    for (const method of CONSOLE_METHODS) {
      vi.spyOn(console, method).mockImplementation((...args: unknown[]) => {
        logs.push(args.map(stringify).join(" "))
      })
    }
  })
  afterEach(() => {
    vi.restoreAllMocks()
  })
  beforeAll(async () => {
    for (const k of MANAGED_ENV) saved.set(k, process.env[k])
    holder.fake = await startFakeAnthropic({ port: 0, eventDelayMs: 5 })
  })
  beforeEach(() => {
    holder.fake?.reset()
    for (const k of MANAGED_ENV) delete process.env[k]
    process.env.ANTHROPIC_BASE_URL = holder.fake?.url
    process.env.PLAYGROUND_RETRY_BASE_MS = "5"
    process.env.TRUSTED_PROXY_HOPS = "1"
    process.env.SHARE_DATABASE_URL = `file:${join(databaseDir, "limits.db")}`
  })
  afterAll(async () => {
    await holder.fake?.close()
    await closeDatabase(`file:${join(databaseDir, "limits.db")}`)
    rmSync(databaseDir, { recursive: true, force: true })
    for (const [k, v] of saved) {
      if (v === undefined) delete process.env[k]
      else process.env[k] = v
    }
  })
  return {
    get fake() {
      if (!holder.fake) throw new Error("fake not started")
      return holder.fake
    },
    logs: () => logs,
  }
}

let ipCounter = 0

/** A fresh client address (as the trusted proxy names it), so each test gets its own rate-limit bucket. */
export function nextClientIp(): string {
  ipCounter += 1
  return `10.${(ipCounter >> 16) & 255}.${(ipCounter >> 8) & 255}.${ipCounter & 255}`
}

/** A JSON POST as the browser would send it. */
export function jsonPost(
  url: string,
  body: unknown,
  headers: Record<string, string> = {},
  init: RequestInit = {}
): Request {
  return new Request(url, {
    method: "POST",
    headers: {
      "content-type": "application/json",
      "x-forwarded-for": nextClientIp(),
      ...headers,
    },
    body: typeof body === "string" ? body : JSON.stringify(body),
    ...init,
  })
}

/** Reads a whole NDJSON response into parsed lines. */
export async function readLines(response: Response): Promise<StreamLine[]> {
  const text = await response.text()
  return text
    .split("\n")
    .filter((l) => l.trim() !== "")
    .map((l) => JSON.parse(l) as StreamLine)
}

/** A conversation with three tool round trips, big enough to clear. */
export function toolConversation(firstUserText = "Find the weather.") {
  const messages: Array<{ role: string; content: unknown }> = [
    { role: "user", content: firstUserText },
  ]
  for (let i = 0; i < 3; i++) {
    messages.push({
      role: "assistant",
      content: [
        {
          type: "tool_use",
          id: `toolu_${i}`,
          name: "search",
          input: { q: `q${i}` },
        },
      ],
    })
    messages.push({
      role: "user",
      content: [
        {
          type: "tool_result",
          tool_use_id: `toolu_${i}`,
          content: `result ${i} `.repeat(200),
        },
      ],
    })
  }
  return {
    model: "claude-sonnet-4-6",
    max_tokens: 64,
    temperature: 0.2,
    tools: [{ name: "search", input_schema: { type: "object" } }],
    messages,
    context_management: {
      edits: [
        {
          type: "clear_tool_uses_20250919",
          trigger: { type: "tool_uses", value: 1 },
          keep: { type: "tool_uses", value: 1 },
        },
      ],
    },
  }
}
