"use client"

import { useId, useRef } from "react"

import { EDIT_DEFAULTS, EDIT_LIMITS } from "@/lib/context-editing"

import { ChipsInput, FieldRow, inputClass, NumberInput } from "../fields"
import { Scrubber, shortTokens as short, tokenRange } from "../scrubber"
import type { RuleFieldsProps } from "./types"

type Threshold = { type?: unknown; value?: unknown }

const DEFAULTS = EDIT_DEFAULTS.clear_tool_uses_20250919

function num(v: unknown): number | undefined {
  return typeof v === "number" ? v : undefined
}

/** Form for `clear_tool_uses_20250919`: trigger, keep, gate, exclusions, inputs. */
export function ClearToolUsesFields({
  edit,
  index,
  setField,
  errorFor,
  toolNames,
  scale,
  trace,
  disabled,
}: RuleFieldsProps) {
  const ids = useId()
  const lastTrigger = useRef<
    Partial<Record<"input_tokens" | "tool_uses", number>>
  >({})
  const trigger = (edit.trigger ?? {}) as Threshold
  const triggerType =
    trigger.type === "tool_uses" ? "tool_uses" : "input_tokens"
  const keep = (edit.keep ?? {}) as Threshold
  const gate = edit.clear_at_least as Threshold | null | undefined
  const exclude = Array.isArray(edit.exclude_tools)
    ? edit.exclude_tools.filter((x): x is string => typeof x === "string")
    : []
  const inputs = edit.clear_tool_inputs
  const inputsMode = Array.isArray(inputs)
    ? "list"
    : inputs === true
      ? "all"
      : "off"
  const t = (name: string) => `edits.${index}.${name}`
  const triggerValue =
    num(trigger.value) ??
    (triggerType === "tool_uses" ? 10 : DEFAULTS.trigger.value)
  // The prompt this edit sees (after the edits before it), as the trigger does.
  const prompt = trace?.tokensBefore ?? scale.inputTokens
  const tokens = tokenRange(Math.max(prompt * 1.2, triggerValue))
  const keepValue = num(keep.value) ?? DEFAULTS.keep.value
  const gateValue = num(gate?.value) ?? 0
  const frees = trace?.frees
  const gateRange = tokenRange(
    Math.max(scale.inputTokens, frees ?? 0, gateValue, 1000)
  )
  const tick =
    triggerType === "tool_uses"
      ? ` The tick marks this conversation (${scale.toolUses} tool uses).`
      : prompt > 0
        ? ` The tick marks this prompt (≈${short(prompt)}).`
        : ""

  return (
    <fieldset disabled={disabled} className="min-w-0">
      <FieldRow
        label="trigger"
        htmlFor={`${ids}-trigger`}
        hint={
          edit.trigger === undefined
            ? `Default: 100,000 input tokens. Clearing starts once the prompt exceeds it.${tick}`
            : `Clearing starts once the prompt exceeds this.${tick}`
        }
        error={errorFor("trigger")}
      >
        <div className="grid grid-cols-[8.5rem_minmax(0,1fr)] gap-1">
          <select
            aria-label="Trigger type"
            data-testid={t("trigger.type")}
            className={inputClass}
            value={triggerType}
            onChange={(e) => {
              // A count of tool uses is no token count: each type gets its
              // own last value back (or its default), never the other's.
              const type = e.target.value as "input_tokens" | "tool_uses"
              lastTrigger.current[triggerType] = num(trigger.value)
              const value = lastTrigger.current[type]
              setField(
                "trigger",
                value !== undefined
                  ? { type, value }
                  : type === "tool_uses"
                    ? { type, value: 10 }
                    : undefined
              )
            }}
          >
            <option value="input_tokens">input tokens</option>
            <option value="tool_uses">tool uses</option>
          </select>
          <NumberInput
            id={`${ids}-trigger`}
            label="Trigger value"
            testId={t("trigger.value")}
            value={num(trigger.value)}
            placeholder={
              triggerType === "tool_uses" ? "e.g. 10" : "100000 (default)"
            }
            step={triggerType === "tool_uses" ? 1 : 1000}
            onChange={(v) =>
              setField(
                "trigger",
                v === null ? undefined : { type: triggerType, value: v }
              )
            }
          />
        </div>
        <Scrubber
          label="Trigger value (slider)"
          testId={t("trigger.slider")}
          value={triggerValue}
          min={EDIT_LIMITS.clearTriggerMin}
          {...(triggerType === "tool_uses"
            ? { max: Math.max(scale.toolUses, triggerValue, 1) }
            : tokens)}
          format={short}
          marker={triggerType === "tool_uses" ? scale.toolUses : prompt}
          disabled={disabled}
          onChange={(v, options) =>
            setField("trigger", { type: triggerType, value: v }, options)
          }
        />
      </FieldRow>

      <FieldRow
        label="keep (tool uses)"
        htmlFor={`${ids}-keep`}
        hint={
          edit.keep === undefined
            ? "Default: 3 most recent tool uses stay intact."
            : "Most recent tool uses left intact."
        }
        error={errorFor("keep")}
      >
        <NumberInput
          id={`${ids}-keep`}
          label="Keep tool uses"
          testId={t("keep")}
          value={num(keep.value)}
          placeholder="3 (default)"
          onChange={(v) =>
            setField(
              "keep",
              v === null ? undefined : { type: "tool_uses", value: v }
            )
          }
        />
        <Scrubber
          label="Keep tool uses (slider)"
          testId={t("keep.slider")}
          value={keepValue}
          min={EDIT_LIMITS.clearKeepMin}
          max={Math.max(scale.toolUses, keepValue, 1)}
          disabled={disabled}
          onChange={(v, options) =>
            setField("keep", { type: "tool_uses", value: v }, options)
          }
        />
      </FieldRow>

      <FieldRow
        label="clear_at_least"
        htmlFor={`${ids}-gate`}
        hint={`All or nothing: if clearing would free fewer tokens, the edit is skipped (each clear invalidates the prompt cache).${
          frees !== undefined && frees > 0
            ? ` The tick marks what clearing frees now (≈${short(Math.round(frees))}).`
            : ""
        }`}
        error={errorFor("clear_at_least")}
      >
        <NumberInput
          id={`${ids}-gate`}
          label="Clear at least (input tokens)"
          testId={t("clear_at_least")}
          value={num(gate?.value)}
          placeholder="none"
          step={1000}
          onChange={(v) =>
            setField(
              "clear_at_least",
              v === null ? undefined : { type: "input_tokens", value: v }
            )
          }
        />
        <Scrubber
          label="Clear at least (slider)"
          testId={t("clear_at_least.slider")}
          value={gateValue}
          min={EDIT_LIMITS.clearAtLeastMin}
          {...gateRange}
          format={short}
          marker={frees !== undefined && frees > 0 ? frees : undefined}
          disabled={disabled}
          onChange={(v, options) =>
            setField(
              "clear_at_least",
              { type: "input_tokens", value: v },
              options
            )
          }
        />
      </FieldRow>

      <FieldRow
        label="exclude_tools"
        hint="These tools' uses and results are never cleared (the docs recommend memory)."
        error={errorFor("exclude_tools")}
      >
        <ChipsInput
          label="Add a tool to exclude"
          testId={t("exclude_tools")}
          values={exclude}
          suggestions={toolNames}
          onChange={(v) => setField("exclude_tools", v.length ? v : undefined)}
        />
      </FieldRow>

      <FieldRow
        label="clear_tool_inputs"
        hint="Also clear the tool_use inputs of cleared pairs: all, or only some tools."
        error={errorFor("clear_tool_inputs")}
      >
        <div
          role="radiogroup"
          aria-label="Clear tool inputs"
          className="flex gap-3 text-xs"
        >
          {(["off", "all", "list"] as const).map((mode) => (
            <label key={mode} className="flex items-center gap-1">
              <input
                type="radio"
                name={`${ids}-inputs`}
                data-testid={t(`clear_tool_inputs.${mode}`)}
                checked={inputsMode === mode}
                onChange={() =>
                  setField(
                    "clear_tool_inputs",
                    mode === "off" ? undefined : mode === "all" ? true : []
                  )
                }
              />
              {mode === "off"
                ? "no (default)"
                : mode === "all"
                  ? "all tools"
                  : "only…"}
            </label>
          ))}
        </div>
        {Array.isArray(inputs) && (
          <div className="mt-1">
            <ChipsInput
              label="Add a tool whose inputs are cleared"
              testId={t("clear_tool_inputs.list")}
              values={inputs.filter((x): x is string => typeof x === "string")}
              suggestions={toolNames}
              onChange={(v) => setField("clear_tool_inputs", v)}
            />
          </div>
        )}
      </FieldRow>
    </fieldset>
  )
}
