/**
 * fast-check arbitraries shared by the engine's property tests
 * (property.test.ts, session.property.test.ts).
 */
import fc from "fast-check"

/** A chat round: an assistant answer and a user message of 1 to `maxChars` characters each. */
export const chatRoundArb = (maxChars: number) =>
  fc.record({
    kind: fc.constant("chat" as const),
    chars: fc.integer({ min: 1, max: maxChars }),
  })

/** 1 to 3 parallel tool calls: a tool from `names`, its result's size from `chars`, maybe an error. */
export const toolCallsArb = (
  names: readonly string[],
  chars: fc.Arbitrary<number>
) =>
  fc.array(
    fc.record({ name: fc.constantFrom(...names), chars, error: fc.boolean() }),
    { minLength: 1, maxLength: 3 }
  )

/** clear_thinking's keep: a number of turns, "all", or none (the model's default). */
export const thinkingKeepArb = fc.option(
  fc.oneof(fc.integer({ min: 1, max: 4 }), fc.constant("all" as const)),
  { nil: undefined }
)

/** Upper bounds of the random clear_tool_uses fields. */
export interface ClearToolUsesBounds {
  triggerTokens: number
  keep: number
  clearAtLeast: number
}

/**
 * The fields of a random clear_tool_uses edit, as a record of arbitraries
 * (spread it into fc.record): trigger, keep, clearAtLeast, and the names
 * for exclude_tools and clear_tool_inputs drawn from `names`.
 */
export function clearToolUsesFields(
  max: ClearToolUsesBounds,
  names: readonly string[]
) {
  return {
    trigger: fc.oneof(
      fc.record({
        type: fc.constant("input_tokens"),
        value: fc.integer({ min: 1, max: max.triggerTokens }),
      }),
      fc.record({
        type: fc.constant("tool_uses"),
        value: fc.integer({ min: 1, max: 8 }),
      })
    ),
    keep: fc.integer({ min: 0, max: max.keep }),
    clearAtLeast: fc.option(fc.integer({ min: 0, max: max.clearAtLeast }), {
      nil: undefined,
    }),
    exclude: fc.subarray([...names]),
    inputs: fc.oneof(fc.boolean(), fc.subarray([...names])),
  }
}
