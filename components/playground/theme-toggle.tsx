"use client"

import { useSyncExternalStore } from "react"

type Theme = "light" | "dark" | "system"
const KEY = "cep.theme"
const ORDER: Theme[] = ["system", "light", "dark"]
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

/** Cycles system → light → dark; follows the system by default. */
export function ThemeToggle() {
  const theme = useSyncExternalStore(subscribe, read, () => "system" as Theme)
  const next = ORDER[(ORDER.indexOf(theme) + 1) % ORDER.length] ?? "system"
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
