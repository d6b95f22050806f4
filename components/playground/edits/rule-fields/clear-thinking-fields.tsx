"use client"

import { NumberInput } from "@/components/ui/fields"
import { type RowProps, RuleRow, ruleForm } from "./rule-row"

/** Form for `clear_thinking_20251015`: how many recent thinking turns survive. */
export const ClearThinkingFields = ruleForm([KeepRow])

function KeepRow({
  edit,
  setField,
  errorFor,
  thinkingDefault,
  ids,
  testId: t,
}: RowProps) {
  const keep = edit.keep
  const isAll =
    keep === "all" ||
    (typeof keep === "object" &&
      keep !== null &&
      (keep as { type?: unknown }).type === "all")
  const turns =
    typeof keep === "object" && keep !== null && !isAll
      ? (keep as { value?: unknown }).value
      : undefined
  const defaultText =
    thinkingDefault === "all"
      ? "all thinking (this model's default)"
      : thinkingDefault === 1
        ? "the last turn's thinking (this model's default)"
        : "model-specific"

  return (
    <RuleRow
      field="keep"
      htmlFor={`${ids}-turns`}
      hint={
        keep === undefined
          ? `Not set: keeps ${defaultText}. The turn being generated always holds one kept slot.`
          : "The turn being generated (or the tool loop in progress) counts as one of these."
      }
      errorFor={errorFor}
    >
      <div
        role="radiogroup"
        aria-label="Keep thinking"
        className="flex flex-wrap items-center gap-x-2.5 gap-y-1 text-xs"
      >
        <label className="flex items-center gap-1">
          <input
            type="radio"
            name={`${ids}-mode`}
            data-testid={t("keep.default")}
            checked={keep === undefined}
            onChange={() => setField("keep", undefined)}
          />
          default
        </label>
        {/* "last N turns" wraps as one piece. */}
        <span className="flex items-center gap-1.5">
          <label className="flex items-center gap-1">
            <input
              type="radio"
              name={`${ids}-mode`}
              data-testid={t("keep.turns")}
              checked={keep !== undefined && !isAll}
              onChange={() =>
                setField("keep", { type: "thinking_turns", value: 1 })
              }
            />
            last
          </label>
          <div className="w-14">
            <NumberInput
              id={`${ids}-turns`}
              label="Thinking turns to keep"
              testId={t("keep.value")}
              value={typeof turns === "number" ? turns : undefined}
              placeholder="N"
              disabled={keep === undefined || isAll}
              onChange={(v) =>
                setField("keep", { type: "thinking_turns", value: v ?? 1 })
              }
            />
          </div>
          <span>turns</span>
        </span>
        <label className="flex items-center gap-1">
          <input
            type="radio"
            name={`${ids}-mode`}
            data-testid={t("keep.all")}
            checked={isAll}
            onChange={() => setField("keep", "all")}
          />
          all
        </label>
      </div>
    </RuleRow>
  )
}
