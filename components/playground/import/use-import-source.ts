"use client"

import { useEffect, useMemo, useRef, useState } from "react"

import { MAX_INPUT_CHARS } from "@/lib/import"

import { keepValue, keptValue } from "@/components/ui/kept-state"

import {
  checkImport,
  tooLargeMessage,
  type ImportVerdict,
} from "./import-check"
import { createImportChecker, type ImportChecker } from "./import-worker"

/**
 * Text up to this size goes into the text area to be edited; a larger paste,
 * drop or file is held here and only summarised (a text area holding
 * megabytes takes seconds to fill and to type in).
 */
export const EDITABLE_MAX_CHARS = 512 * 1024
/** Typing pauses this long before the text is checked. */
const TYPING_PAUSE_MS = 150

/** A large input held outside the text area: pasted or dropped text, or a file. */
export interface HeldInput {
  label: string
  chars: number
  text?: string
  file?: File
  /** Its first characters, to show what it is. */
  preview: string
}

/** Where the import is in being checked. */
export interface ImportSourceState {
  text: string
  held: HeldInput | null
  pick: string | undefined
  verdict: ImportVerdict | null
  /** The input being checked now (its size), or null. */
  checking: { chars: number } | null
  /** Why the last input was refused before it was checked, or null. */
  refusal: string | null
}

const PREVIEW_CHARS = 1200

/** Where the Import dialog's input is kept while the dialog is closed (`kept-state.ts`). */
export const IMPORT_DRAFT = "import.input"
type KeptInput = Pick<ImportSourceState, "text" | "held" | "pick">
const mb = (n: number) => `${(n / 1024 / 1024).toFixed(1)} MB`

/**
 * The Import dialog's input, on one path for paste, drop, file and typing:
 * the size is checked first (a paste's length as soon as it is taken, a
 * file's size before it is read), then the text is parsed and measured in
 * the import worker; only its verdict comes back. `initialText` enters the
 * same way.
 */
export function useImportSource(initialText: string) {
  const [state, setState] = useState<ImportSourceState>(() => {
    // A drop on the page brings its own text; else what was left here last.
    const left = keptValue<KeptInput>(IMPORT_DRAFT)
    if (initialText || !left) return enterText(initialText, "The dropped text")
    const base = enterText(left.text, "The text")
    return left.held
      ? {
          ...base,
          text: "",
          held: left.held,
          checking: { chars: left.held.chars },
        }
      : { ...base, pick: left.pick }
  })
  const checker = useRef<ImportChecker | null>(null)
  useEffect(() => {
    const c = createImportChecker((verdict) =>
      setState((s) => ({
        ...s,
        verdict,
        checking: null,
        refusal: verdict.tooLarge,
        held: verdict.tooLarge ? null : s.held,
      }))
    )
    checker.current = c
    return () => c.dispose()
  }, [])

  // Every change of input or pick is checked; typing waits for a pause.
  const { text, held, pick } = state
  // The input outlives the dialog until it is imported or cleared.
  useEffect(
    () => keepValue(IMPORT_DRAFT, { text, held, pick }),
    [text, held, pick]
  )
  useEffect(() => {
    const c = checker.current
    if (!c) return
    if (!held && text.trim() === "") return
    const ask = () => {
      setState((s) => ({
        ...s,
        checking: { chars: held?.chars ?? text.length },
      }))
      c.ask(held ? { text: held.text, file: held.file, pick } : { text, pick })
    }
    if (held) return ask()
    const timer = setTimeout(ask, TYPING_PAUSE_MS)
    return () => clearTimeout(timer)
  }, [text, held, pick])

  // Where no Worker runs (the server render), the check runs inline.
  const inline = useMemo(
    () =>
      typeof Worker === "undefined" && !held && text.trim() !== ""
        ? checkImport(0, text, pick)
        : null,
    [text, held, pick]
  )

  const actions = {
    /** Text typed into the text area. */
    type(next: string) {
      setState((s) => ({
        ...s,
        ...(next.length > MAX_INPUT_CHARS
          ? { ...enterText("", ""), refusal: tooLargeMessage(next.length) }
          : {
              text: next,
              held: null,
              refusal: null,
              checking: next.trim() === "" ? null : { chars: next.length },
            }),
        pick: undefined,
        verdict: next.trim() === "" ? null : s.verdict,
      }))
    },
    /** Pasted or dropped text: replaces the input, or goes in at `at` when small. */
    enter(pasted: string, label: string, at?: { start: number; end: number }) {
      setState((s) => {
        const merged =
          at && s.text && !s.held && pasted.length <= EDITABLE_MAX_CHARS
            ? s.text.slice(0, at.start) + pasted + s.text.slice(at.end)
            : pasted
        return { ...s, ...enterText(merged, label), verdict: null }
      })
    },
    /** A chosen or dropped file (its size checked before it is read). */
    enterFile(file: File) {
      if (file.size > MAX_INPUT_CHARS) {
        setState((s) => ({
          ...s,
          ...enterText("", ""),
          refusal: tooLargeMessage(file.size, file.name),
        }))
        return
      }
      setState((s) => ({
        ...s,
        ...enterText("", ""),
        checking: { chars: file.size },
        held: { label: file.name, chars: file.size, file, preview: "" },
      }))
      void file
        .slice(0, PREVIEW_CHARS)
        .text()
        .then((preview) =>
          setState((s) =>
            s.held?.file === file ? { ...s, held: { ...s.held, preview } } : s
          )
        )
    },
    choose(next: string | undefined) {
      setState((s) => ({ ...s, pick: next, checking: { chars: 0 } }))
    },
    /** Stops checking and drops the input being checked. */
    cancel() {
      checker.current?.cancel()
      setState((s) => ({ ...s, ...enterText("", ""), refusal: null }))
    },
  }
  const verdict = state.verdict ?? inline
  // The inline check is done by the time this renders.
  const checking = inline ? null : state.checking
  return { state: { ...state, verdict, checking }, actions }
}

/** The state for a new input: refused, in the text area, or held. */
function enterText(
  text: string,
  label: string
): Pick<
  ImportSourceState,
  "text" | "held" | "pick" | "verdict" | "checking" | "refusal"
> {
  // Marked as being checked at once, so an earlier verdict never passes for its.
  const checking = text.trim() === "" ? null : { chars: text.length }
  const base = { pick: undefined, verdict: null, checking }
  if (text.length > MAX_INPUT_CHARS)
    return {
      ...base,
      checking: null,
      text: "",
      held: null,
      refusal: tooLargeMessage(text.length, label),
    }
  if (text.length <= EDITABLE_MAX_CHARS)
    return { ...base, text, held: null, refusal: null }
  return {
    ...base,
    text: "",
    refusal: null,
    held: {
      label: `${label} (${mb(text.length)})`,
      chars: text.length,
      text,
      preview: text.slice(0, PREVIEW_CHARS),
    },
  }
}
