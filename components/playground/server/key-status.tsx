"use client"

import { cn } from "@/components/ui/cn"

import { usePlaygroundStore } from "../store/playground-store-provider"
import { useServerKeyStatus } from "./server-status"
import { useSessionKey } from "./session-key"

/**
 * The header's mode: "local only" (no key anywhere: every number is the
 * simulator's estimate) or which key real API calls would use. Never shows
 * any part of a key. Opens the Server tab, where a key is added.
 */
export function KeyStatus() {
  const { apiKey } = useSessionKey()
  const server = useServerKeyStatus()
  const setResultTab = usePlaygroundStore((s) => s.setResultTab)
  const setNarrowRegion = usePlaygroundStore((s) => s.setNarrowRegion)
  const mode =
    apiKey.trim() !== "" ? "typed" : server === "present" ? "server" : "local"
  const [label, title] =
    mode === "typed"
      ? [
          "key: typed",
          "Real API calls use the key typed in the Server tab (kept in memory, never in links)",
        ]
      : mode === "server"
        ? [
            "key: server",
            "Real API calls use the server's ANTHROPIC_API_KEY; the page never sees it",
          ]
        : server === "checking"
          ? ["local", "Checking whether the server has an API key…"]
          : [
              "local only",
              server === "absent"
                ? "No API key: every number is the simulator's estimate. Add a key in the Server tab to compare with the real API"
                : "Could not reach this app's server; the simulator works without it",
            ]
  return (
    <button
      type="button"
      data-testid="header.key-status"
      data-mode={mode}
      title={title}
      onClick={() => {
        setResultTab("server")
        setNarrowRegion("result")
      }}
      className="hidden items-center gap-1.5 rounded-full border border-zinc-200 px-2 py-0.5 text-xs whitespace-nowrap text-zinc-600 hover:bg-zinc-100 lg:flex dark:border-zinc-700 dark:text-zinc-400 dark:hover:bg-zinc-800"
    >
      <span
        aria-hidden
        className={cn(
          "size-2 rounded-full",
          mode !== "local"
            ? "bg-emerald-500"
            : "border border-zinc-400 dark:border-zinc-500"
        )}
      />
      {label}
    </button>
  )
}
