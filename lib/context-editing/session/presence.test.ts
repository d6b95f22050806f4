import { describe, expect, it } from "vitest"

import { memoryToolSession } from "../__fixtures__/build"
import { simulate } from "../result/simulate"
import { timelinePresence } from "./presence"
import { timeline } from "./timeline"

const messages = memoryToolSession(24, 8000, 3000, "One more question.")

const configs = [
  { trigger: 20_000, keep: 2, exclude: [] as string[] },
  { trigger: 10_000, keep: 0, exclude: [] },
  { trigger: 15_000, keep: 1, exclude: ["memory"] },
]

describe("timelinePresence: which results each request holds under a config", () => {
  it.each(configs)(
    "says a result is cleared exactly where simulate() of that request alone clears it (%j)",
    ({ trigger, keep, exclude }) => {
      const request = {
        model: "claude-opus-4-5",
        max_tokens: 1000,
        context_management: {
          edits: [
            {
              type: "clear_tool_uses_20250919",
              trigger: { type: "input_tokens", value: trigger },
              keep: { type: "tool_uses", value: keep },
              ...(exclude.length ? { exclude_tools: exclude } : {}),
            },
          ],
        },
        messages,
      }
      const p = timelinePresence(timeline(request))!
      expect(p).not.toBeNull()
      let cleared = 0
      p.ends.forEach((end, k) => {
        const sim = simulate({
          ...request,
          messages: messages.slice(0, end + 1),
        })
        if (!sim.ok) throw new Error(sim.error.message)
        const byId = new Map(
          sim.blocks
            .filter((b) => b.type === "tool_result")
            .map((b) => [b.toolUseId!, b.status === "cleared"])
        )
        p.ids.forEach((id, j) => {
          if (!byId.has(id)) return
          expect(p.lostAt(j, k) === "cleared", `${id} at ${k}`).toBe(
            byId.get(id)
          )
          if (byId.get(id)) cleared++
        })
      })
      expect(cleared).toBeGreaterThan(0)
    }
  )

  it("is not known for a timeline the session engine did not compute", () => {
    const t = timeline(
      { model: "claude-opus-4-5", max_tokens: 1000, messages },
      {},
      { perRequest: true }
    )
    expect(timelinePresence(t)).toBeNull()
  })
})
