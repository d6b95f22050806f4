/** Where each request of a session ends (shared by the timeline and the session engine). */

type Msg = { role?: unknown; content?: unknown }

/** Indices of the last message of each request: a run of non-assistant messages before an assistant one or the end. */
export function requestEnds(messages: readonly unknown[]): number[] {
  const role = (i: number) => (messages[i] as Msg | null)?.role
  const out: number[] = []
  for (let i = 0; i < messages.length; i++)
    if (
      role(i) !== "assistant" &&
      (i + 1 === messages.length || role(i + 1) === "assistant")
    )
      out.push(i)
  return out
}
