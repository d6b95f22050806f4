"use client"

import { useSyncExternalStore } from "react"

type Theme = "light" | "dark" | "system"
const KEY = "cep.theme"
/** The first click always changes what you see: to the other appearance. */
const order = (systemDark: boolean): Theme[] =>
  systemDark ? ["system", "light", "dark"] : ["system", "dark", "light"]
const prefersDark = () => matchMedia("(prefers-color-scheme: dark)").matches
const LABEL: Record<Theme, string> = {
  system: "Theme: system",
  light: "Theme: light",
  dark: "Theme: dark",
}
const ICON: Record<Theme, string> = { system: "◐", light: "☀", dark: "☾" }

const listeners = new Set<() => void>()

function read(): Theme {
  const saved = localStorage.getItem(KEY)
  return saved === "light" || saved === "dark" ? saved : "system"
}

function apply(theme: Theme) {
  const dark =
    theme === "dark" ||
    (theme === "system" && matchMedia("(prefers-color-scheme: dark)").matches)
  document.documentElement.classList.toggle("dark", dark)
}

function subscribe(listener: () => void) {
  listeners.add(listener)
  const media = matchMedia("(prefers-color-scheme: dark)")
  const onMedia = () => {
    apply(read())
    listener()
  }
  media.addEventListener("change", onMedia)
  return () => {
    listeners.delete(listener)
    media.removeEventListener("change", onMedia)
  }
}

/** Cycles system → the other appearance → the same one, explicitly; follows the system by default. */
export function ThemeToggle() {
  const theme = useSyncExternalStore(subscribe, read, () => "system" as Theme)
  // Snapshots, so the server's render (system, light) hydrates cleanly.
  const systemDark = useSyncExternalStore(subscribe, prefersDark, () => false)
  const cycle = order(systemDark)
  const next = cycle[(cycle.indexOf(theme) + 1) % cycle.length] ?? "system"
  return (
    <button
      type="button"
      data-testid="header.theme"
      onClick={() => {
        if (next === "system") localStorage.removeItem(KEY)
        else localStorage.setItem(KEY, next)
        apply(next)
        listeners.forEach((l) => l())
      }}
      title={`${LABEL[theme]} (click for ${next})`}
      aria-label={`${LABEL[theme]}. Switch to ${next}.`}
      className="rounded-md px-2 py-1 text-base hover:bg-zinc-100 focus-visible:outline-2 focus-visible:outline-brand dark:hover:bg-zinc-800"
    >
      <span aria-hidden>{ICON[theme]}</span>
    </button>
  )
}
