import Link from "next/link"

/** Friendly page for an unknown or deleted short link. */
export function ShareMissing({
  title,
  detail,
}: {
  title: string
  detail: string
}) {
  return (
    <main className="mx-auto flex min-h-dvh max-w-md flex-col justify-center gap-4 p-6 text-zinc-900 dark:text-zinc-100">
      <h1 className="text-xl font-semibold">{title}</h1>
      <p className="text-sm text-zinc-600 dark:text-zinc-400">{detail}</p>
      <Link
        href="/"
        className="self-start rounded-md bg-zinc-900 px-3 py-2 text-sm font-medium text-white hover:bg-zinc-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-zinc-900 dark:bg-zinc-100 dark:text-zinc-900 dark:hover:bg-zinc-300 dark:focus-visible:outline-zinc-100"
      >
        Open the playground
      </Link>
    </main>
  )
}
