import type { FolderOptions } from "./folder"

/**
 * The Sessions view's example folder, for a newcomer with no Claude Code
 * logs at hand: a few projects of generated sessions (short ones, a middle,
 * now and then a long one with subagents), the same files on every machine.
 * Small enough to generate in the page in a blink, large enough that the
 * replay and the tuner have something to say.
 */
export const EXAMPLE_FOLDER: FolderOptions = {
  sessions: 12,
  totalBytes: 5_000_000,
  seed: 11,
  projects: 3,
}

/** What the view calls it. */
export const EXAMPLE_FOLDER_LABEL = "an example folder (generated sessions)"
