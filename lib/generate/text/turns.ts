import { pick, type Random } from "../prng"
import { paragraph, sentence } from "./prose"
import { SOFTWARE, type Vocabulary } from "./vocab"

const TASKS = [
  "The nightly build started failing after the last dependency bump. Find the cause, fix it and make sure the test suite passes again.",
  "Audit the session handling code for places where stale tokens can survive a logout, then propose a fix with tests.",
  "We need to add retry with backoff to the webhook dispatcher. Read the existing code first and keep the public API unchanged.",
  "Profile the import pipeline: large uploads take minutes. Find the hot spots and suggest the smallest change that helps.",
  "Migrate the config loader from the legacy format to the new schema and update every caller.",
]

const FOLLOW_UPS = [
  "Thanks. Before you go on, check whether the same problem exists in the billing service.",
  "Good. Now add tests for the edge cases you found and run the whole suite.",
  "That looks right. Can you also update the docs so the next person understands the change?",
  "Please double-check the error handling paths — we had an outage from a swallowed exception last month.",
  "OK, keep going with the remaining modules and tell me when everything is green.",
]

const LEADS = [
  "Let me look at the relevant code first.",
  "I'll check how this is wired up.",
  "Next I'll search for other call sites.",
  "Let me run the tests to see the current state.",
  "I'll read the module that owns this logic.",
  "Let me confirm that assumption against the source.",
]

/** The user's opening request. */
export function taskPrompt(random: Random): string {
  return pick(random, TASKS)
}

/** A later user turn. */
export function followUp(random: Random): string {
  return pick(random, FOLLOW_UPS)
}

/** Short text an assistant writes before calling tools. */
export function assistantLead(
  random: Random,
  vocab: Vocabulary = SOFTWARE
): string {
  return random() < 0.6
    ? pick(random, LEADS)
    : `${pick(random, LEADS)} ${sentence(random, vocab)}`
}

/** Reasoning-like text for a thinking block. */
export function thinkingText(random: Random, vocab: Vocabulary): string {
  const opener = pick(random, [
    "Let me decide what to inspect next.",
    "I should verify this before changing anything.",
    "There are a few possible causes here; let me narrow them down.",
    "The last result changes my plan a little.",
  ])
  return `${opener} ${paragraph(random, vocab, 2, 5)}`
}
