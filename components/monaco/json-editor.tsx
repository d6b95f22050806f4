"use client"

import Editor, { type OnMount } from "@monaco-editor/react"
import { useEffect, useRef, useState } from "react"

import { commonEnds } from "@/lib/json/common-ends"

import { monaco } from "./setup"
import { useIsDark } from "./use-is-dark"

/** What other components may do with the mounted editor. */
export interface JsonEditorApi {
  /** Selects and scrolls to a character range of the document. */
  select: (offset: number, length: number) => void
  focus: () => void
}

export interface JsonEditorProps {
  value: string
  /** Bumped by the owner when `value` changed from outside the editor. */
  revision: number
  onChange: (text: string) => void
  onBlur?: () => void
  onReady?: (api: JsonEditorApi) => void
  onCursorOffset?: (offset: number) => void
  /**
   * JSON schema for completion and validation, or a loader for it (so a big
   * schema is fetched with the editor, not with the page).
   */
  schema?: object | (() => Promise<object>)
  /**
   * A very large document: language features that re-analyse the whole text
   * on every change (validation, folding, symbols, colours) are switched off
   * so typing and form changes stay smooth; syntax errors are still reported
   * by the page's own parser.
   */
  heavy?: boolean
  /**
   * Text the playground wrote itself (a generated session): Monaco's
   * "ambiguous unicode characters" highlighting and banner are off.
   */
  generated?: boolean
  modelUri: string
  ariaLabel: string
}

/** Replaces only the differing middle of the text, keeping Monaco's undo stack. */
function applyExternalText(model: monaco.editor.ITextModel, next: string) {
  const current = model.getValue()
  if (current === next) return
  const [start, same] = commonEnds(current, next)
  const endCur = current.length - same
  const endNext = next.length - same
  const from = model.getPositionAt(start)
  const to = model.getPositionAt(endCur)
  model.pushEditOperations(
    [],
    [
      {
        range: new monaco.Range(
          from.lineNumber,
          from.column,
          to.lineNumber,
          to.column
        ),
        text: next.slice(start, endNext),
      },
    ],
    () => null
  )
}

/** Where Tab would go from `from` (the next or, `back`, the previous visible control outside `within`). */
function tabStopBeside(within: HTMLElement, back: boolean): HTMLElement | null {
  const stops = [
    ...document.querySelectorAll<HTMLElement>(
      'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])'
    ),
  ].filter((el) => !within.contains(el) && el.getClientRects().length > 0)
  const after = (el: HTMLElement) =>
    (within.compareDocumentPosition(el) & Node.DOCUMENT_POSITION_FOLLOWING) !==
    0
  return back
    ? (stops.filter((el) => !after(el)).at(-1) ?? null)
    : (stops.find(after) ?? null)
}

// Escape leaves the editor unless it closes something of Monaco's first
// (suggestions, find, a hover, a selection, a snippet).
const ESCAPE_LEAVES =
  "!suggestWidgetVisible && !findWidgetVisible && !parameterHintsVisible && !renameInputVisible && !inSnippetMode && !editorHasMultipleSelections && !editorHasSelection && !markersNavigationVisible && !editorHoverVisible && !accessibilityHelpWidgetVisible && !referenceSearchVisible"

// Whether the last input on the page was a key press (for the Tab hint).
let lastInputKeyboard = false
if (typeof window !== "undefined") {
  window.addEventListener("keydown", () => (lastInputKeyboard = true), true)
  window.addEventListener(
    "pointerdown",
    () => (lastInputKeyboard = false),
    true
  )
}

/** Monaco JSON editor bound to a text value, with schema validation. */
export function JsonEditor(props: JsonEditorProps) {
  const isDark = useIsDark()
  // Reached with the keyboard: say how Tab gets out again (Monaco keeps it).
  const [tabHint, setTabHint] = useState(false)
  const editorRef = useRef<monaco.editor.IStandaloneCodeEditor | null>(null)
  const boxRef = useRef<HTMLDivElement | null>(null)
  const propsRef = useRef(props)
  useEffect(() => {
    propsRef.current = props
  })

  useEffect(() => {
    const full = !props.heavy
    monaco.json.jsonDefaults.setModeConfiguration({
      documentFormattingEdits: full,
      documentRangeFormattingEdits: full,
      completionItems: full,
      hovers: full,
      documentSymbols: full,
      tokens: true,
      colors: full,
      foldingRanges: full,
      diagnostics: full,
      selectionRanges: full,
    })
  }, [props.heavy])

  useEffect(() => {
    const source = props.schema
    if (!source) return
    let current = true
    void Promise.resolve(typeof source === "function" ? source() : source).then(
      (schema) => {
        if (!current) return
        monaco.json.jsonDefaults.setDiagnosticsOptions({
          validate: !props.heavy,
          allowComments: false,
          enableSchemaRequest: false,
          schemas: [
            {
              uri: `${props.modelUri}.schema.json`,
              fileMatch: [props.modelUri],
              schema,
            },
          ],
        })
      }
    )
    return () => {
      current = false
    }
  }, [props.schema, props.modelUri, props.heavy])

  useEffect(() => {
    const model = editorRef.current?.getModel()
    if (model) applyExternalText(model, props.value)
    // Only external rewrites (a new revision) are pushed into the editor.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [props.revision])

  const onMount: OnMount = (editor) => {
    editorRef.current = editor
    const model = editor.getModel()
    if (model && model.getValue() !== propsRef.current.value) {
      model.setValue(propsRef.current.value)
    }
    // Esc (Shift+Esc) moves focus to the control after (before) the editor.
    const leave = (back: boolean) => {
      const box = boxRef.current
      const target = box && tabStopBeside(box, back)
      if (target) target.focus()
      else (document.activeElement as HTMLElement | null)?.blur()
    }
    editor.addCommand(monaco.KeyCode.Escape, () => leave(false), ESCAPE_LEAVES)
    editor.addCommand(
      monaco.KeyMod.Shift | monaco.KeyCode.Escape,
      () => leave(true),
      ESCAPE_LEAVES
    )
    editor.onDidBlurEditorText(() => {
      setTabHint(false)
      propsRef.current.onBlur?.()
    })
    editor.onDidFocusEditorText(() => setTabHint(lastInputKeyboard))
    editor.onMouseDown(() => setTabHint(false))
    editor.onDidChangeCursorPosition((e) => {
      const offset = editor.getModel()?.getOffsetAt(e.position)
      if (offset !== undefined) propsRef.current.onCursorOffset?.(offset)
    })
    propsRef.current.onReady?.({
      select: (offset, length) => {
        const m = editor.getModel()
        if (!m) return
        const a = m.getPositionAt(offset)
        const b = m.getPositionAt(offset + length)
        const range = new monaco.Range(
          a.lineNumber,
          a.column,
          b.lineNumber,
          b.column
        )
        editor.setSelection(range)
        editor.revealRangeInCenterIfOutsideViewport(range)
      },
      focus: () => editor.focus(),
    })
  }

  return (
    <div ref={boxRef} className="relative h-full">
      <Editor
        height="100%"
        language="json"
        path={props.modelUri}
        defaultValue={props.value}
        theme={isDark ? "vs-dark" : "vs"}
        onMount={onMount}
        onChange={(text) => {
          if (text !== undefined && text !== propsRef.current.value)
            propsRef.current.onChange(text)
        }}
        options={{
          minimap: { enabled: false },
          automaticLayout: true,
          fontSize: 12.5,
          tabSize: 2,
          scrollBeyondLastLine: false,
          wordWrap: "on",
          ariaLabel: `${props.ariaLabel}. Press Escape to leave the editor (Shift Escape to go back); Tab indents.`,
          // Large pasted requests: keep tokenization and links cheap.
          maxTokenizationLineLength: 5000,
          links: false,
          renderValidationDecorations: "on",
          fixedOverflowWidgets: true,
          folding: !props.heavy,
          occurrencesHighlight: props.heavy ? "off" : "singleFile",
          bracketPairColorization: { enabled: !props.heavy },
          unicodeHighlight: { ambiguousCharacters: !props.generated },
        }}
      />
      {tabHint && (
        <p
          data-testid="editor.tab-hint"
          role="status"
          className="pointer-events-none absolute right-2 bottom-2 rounded bg-zinc-900/90 px-2 py-1 text-[11px] text-white dark:bg-zinc-100/90 dark:text-zinc-900"
        >
          <kbd>Esc</kbd> leaves the editor (<kbd>Shift</kbd>+<kbd>Esc</kbd>{" "}
          back). Tab indents here; <kbd>Ctrl</kbd>+<kbd>M</kbd> makes Tab move
          focus instead.
        </p>
      )}
    </div>
  )
}
