import { Fragment } from "react"

/** Text with `backtick` spans shown as inline code. */
export function CodeText({ text }: { text: string }) {
  const parts = text.split("`")
  return (
    <>
      {parts.map((part, i) =>
        i % 2 === 1 ? (
          <code
            key={i}
            className="rounded bg-zinc-100 px-1 font-mono text-[0.85em] dark:bg-zinc-800"
          >
            {part}
          </code>
        ) : (
          <Fragment key={i}>{part}</Fragment>
        )
      )}
    </>
  )
}
