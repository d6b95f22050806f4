import { generateSession } from "@/lib/generate"
import type { ImportedRequest } from "@/lib/import/types"

const SUMMARY = `<summary>
## Task
The user asked for the nightly build failure to be found and fixed, then for tests covering the edge cases.

## State
- Root cause: the dependency bump changed the default timeout of the HTTP client; the webhook dispatcher now gives up after 5 s.
- Fixed in src/server/dispatch-webhook.ts (explicit timeoutMs) and covered by two new tests; the suite is green locally.
- Remaining: the billing service uses the same client and has not been checked yet.

## Next steps
1. Search the billing service for calls without an explicit timeout.
2. Apply the same fix and add tests.
3. Update docs/retry-policy.md.
</summary>`

/**
 * A session that was compacted once: earlier history, then an assistant
 * message that starts with the returned `compaction` block, then the work
 * that followed. Replayed as-is, the API ignores what precedes the block.
 */
export function buildReplayedCompaction(): ImportedRequest {
  const before = generateSession({
    targetTokens: 60_000,
    thinking: false,
    model: "claude-opus-4-6",
    seed: 707,
  })
  const after = generateSession({
    targetTokens: 35_000,
    thinking: false,
    model: "claude-opus-4-6",
    seed: 708,
  })
  return {
    ...before,
    messages: [
      ...before.messages,
      {
        role: "assistant",
        content: [
          { type: "compaction", content: SUMMARY },
          {
            type: "text",
            text: "I've summarised our progress so far. Next I'll check the billing service for the same timeout problem.",
          },
        ],
      },
      ...after.messages,
    ],
    tools: before.tools,
    context_management: { edits: [{ type: "compact_20260112" }] },
  }
}
