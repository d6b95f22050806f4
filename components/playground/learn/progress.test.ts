import { describe, expect, it } from "vitest"

import { fakeStorage, itReadsNonObjectsAsEmpty } from "../store/fake-storage"
import { LESSON_PROGRESS_KEY, readProgress, writeProgress } from "./progress"

describe("lesson progress", () => {
  it("round-trips which lessons were answered, right or not", () => {
    const storage = fakeStorage()
    expect(readProgress(storage)).toEqual({})
    writeProgress(storage, { keep: true, gate: false })
    expect(readProgress(storage)).toEqual({ keep: true, gate: false })
    writeProgress(storage, {})
    expect(readProgress(storage)).toEqual({})
  })

  itReadsNonObjectsAsEmpty(LESSON_PROGRESS_KEY, readProgress, {})

  it("keeps the well-formed entries and drops the rest", () => {
    // "__proto__" as an own key, as JSON.parse makes it.
    const raw =
      '{"keep":true,"gate":"yes","<img src=x>":true,"__proto__":true,"trigger":false}'
    expect(readProgress(fakeStorage({ [LESSON_PROGRESS_KEY]: raw }))).toEqual({
      keep: true,
      trigger: false,
    })
  })

  it("survives storage that throws (blocked or full)", () => {
    const broken = {
      getItem: () => {
        throw new Error("SecurityError")
      },
      setItem: () => {
        throw new Error("QuotaExceededError")
      },
    }
    expect(readProgress(broken)).toEqual({})
    expect(() => writeProgress(broken, { keep: true })).not.toThrow()
    expect(readProgress(null)).toEqual({})
  })
})
