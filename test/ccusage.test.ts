// Our bill against the tool Claude Code users already trust: ccusage
// (an exact dev dependency, run offline with its own prices) reads the same
// folders through CLAUDE_CONFIG_DIR; `npm run report` must give the same
// totals, per model too — tokens exactly, dollars within a cent — with the
// bill alone (--no-replay) and with the replay (--no-tune).
import { execFileSync, spawnSync } from "node:child_process"
import {
  cpSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  rmSync,
  writeFileSync,
} from "node:fs"
import { tmpdir } from "node:os"
import { dirname, join } from "node:path"

import { afterAll, describe, expect, it } from "vitest"

import { generateLogFolder } from "@/lib/generate/claude-code-log"

const tmp = mkdtempSync(join(tmpdir(), "cep-ccusage-"))
afterAll(() => rmSync(tmp, { recursive: true, force: true }))

interface Tokens {
  inputTokens: number
  outputTokens: number
  cacheCreationTokens: number
  cacheReadTokens: number
}
type CcModel = Tokens & { modelName: string; cost: number }
interface CcSession extends Tokens {
  totalCost: number
  modelBreakdowns: CcModel[]
}
interface Logged {
  input: number
  output: number
  cacheWrite: number
  cacheRead: number
  dollars: number
}
interface Ours {
  total: { logged: Logged }
  byModel: Array<{ key: string; logged: Logged }>
}

/** `ccusage session --json --offline` on a config folder. */
function ccusage(configDir: string) {
  const out = execFileSync(
    join("node_modules", ".bin", "ccusage"),
    ["session", "--json", "--offline"],
    {
      encoding: "utf8",
      env: { ...process.env, CLAUDE_CONFIG_DIR: configDir },
      maxBuffer: 64 * 1024 * 1024,
    }
  )
  return JSON.parse(out) as {
    session: CcSession[]
    totals: Tokens & { totalCost: number }
  }
}

/** `npm run report` on the same config folder, found through CLAUDE_CONFIG_DIR. */
function ours(configDir: string, mode: "--no-replay" | "--no-tune") {
  const r = spawnSync(
    process.execPath,
    ["scripts/report.mjs", "--json", mode],
    {
      encoding: "utf8",
      env: { ...process.env, CLAUDE_CONFIG_DIR: configDir },
      maxBuffer: 64 * 1024 * 1024,
    }
  )
  if (r.status !== 0) throw new Error(r.stderr)
  return JSON.parse(r.stdout) as Ours
}

const tokens = (l: Logged) => ({
  inputTokens: l.input,
  outputTokens: l.output,
  cacheCreationTokens: l.cacheWrite,
  cacheReadTokens: l.cacheRead,
})
const ccTokens = (t: Tokens) => ({
  inputTokens: t.inputTokens,
  outputTokens: t.outputTokens,
  cacheCreationTokens: t.cacheCreationTokens,
  cacheReadTokens: t.cacheReadTokens,
})

/** ccusage's per-model breakdown summed over its sessions. */
function ccByModel(sessions: CcSession[]) {
  const by = new Map<string, CcModel>()
  for (const s of sessions)
    for (const m of s.modelBreakdowns) {
      const b = by.get(m.modelName)
      if (!b) by.set(m.modelName, { ...m })
      else {
        b.inputTokens += m.inputTokens
        b.outputTokens += m.outputTokens
        b.cacheCreationTokens += m.cacheCreationTokens
        b.cacheReadTokens += m.cacheReadTokens
        b.cost += m.cost
      }
    }
  return by
}

/** A config folder (`<dir>/projects/…`) holding `files`. */
function configFolder(
  name: string,
  files: Array<{ path: string; text: string }>
) {
  const dir = join(tmp, name)
  for (const f of files) {
    const p = join(dir, "projects", f.path)
    mkdirSync(dirname(p), { recursive: true })
    writeFileSync(p, f.text)
  }
  return dir
}

const REAL = "test/real/claude-code"
const folders: Array<[string, () => string]> = [
  [
    "the 13 real logs of test/real/claude-code",
    () => {
      const dir = join(tmp, "real")
      mkdirSync(join(dir, "projects", "real"), { recursive: true })
      for (const n of readdirSync(REAL).filter((n) => n.endsWith(".jsonl")))
        cpSync(join(REAL, n), join(dir, "projects", "real", n))
      return dir
    },
  ],
  [
    "a generated folder: every subagent layout, compactions, 1-hour writes, five models",
    () =>
      configFolder("generated", [
        ...generateLogFolder({ sessions: 24, totalBytes: 3e6, seed: 53 }),
      ]),
  ],
]

describe("the bill equals ccusage's", () => {
  for (const [name, make] of folders)
    it(`on ${name}`, () => {
      const dir = make()
      const cc = ccusage(dir)
      expect(cc.session.length).toBeGreaterThan(0)
      for (const mode of ["--no-replay", "--no-tune"] as const) {
        const r = ours(dir, mode)
        const t = r.total.logged
        expect(tokens(t), mode).toEqual(ccTokens(cc.totals))
        expect(Math.abs(t.dollars - cc.totals.totalCost), mode).toBeLessThan(
          0.01
        )
        const models = ccByModel(cc.session)
        expect(r.byModel.map((m) => m.key).sort()).toEqual(
          [...models.keys()].sort()
        )
        for (const m of r.byModel) {
          const c = models.get(m.key)!
          expect(tokens(m.logged), `${mode} ${m.key}`).toEqual(ccTokens(c))
          expect(Math.abs(m.logged.dollars - c.cost)).toBeLessThan(0.01)
        }
      }
    })
})
