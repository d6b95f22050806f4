/**
 * Per-block outcomes of a simulation, memoised per analysis so a re-run
 * with another edit config re-uses every outcome that did not change.
 */
import { EDIT_TYPES } from "../rules/catalogue"
import { type SimState, STATUSES } from "../rules/state"
import type { BlockOutcome } from "../types"

/**
 * One outcome per original block, in order. An outcome object is re-used
 * from the previous simulation of the same messages when nothing about the
 * block changed (results are immutable, so sharing is safe). Takes over the
 * state's arrays: call it last.
 */
export function buildOutcomes(s: SimState): BlockOutcome[] {
  const n = s.a.recs.length
  // The previous run's outcome fields, as arrays: comparing array slots is
  // much cheaper than reading thousands of old outcome objects back.
  const last = s.a.lastOutcomes
  const out: BlockOutcome[] = new Array(n)
  const {
    status,
    editIndex,
    editType,
    reason,
    placeholder,
    placeholders,
    tokens,
    original,
  } = s
  if (last) {
    const prev = last.outcomes
    const sameOriginal = last.original === original
    const lastPh = last.placeholders
    for (let i = 0; i < n; i++) {
      const ph = placeholder[i]!
      const lph = last.placeholder[i]!
      if (
        last.status[i] === status[i] &&
        last.reason[i] === reason[i] &&
        last.tokens[i] === tokens[i] &&
        last.editIndex[i] === editIndex[i] &&
        last.editType[i] === editType[i] &&
        (ph === 0
          ? lph === 0
          : lph !== 0 && lastPh[lph - 1] === placeholders[ph - 1]) &&
        (sameOriginal || last.original[i] === original[i])
      )
        out[i] = prev[i]!
      else out[i] = outcome(s, i)
    }
  } else for (let i = 0; i < n; i++) out[i] = outcome(s, i)
  s.a.lastOutcomes = {
    outcomes: out,
    status,
    reason,
    tokens,
    editIndex,
    editType,
    placeholder,
    placeholders,
    original,
  }
  return out
}

/** A token count as a small integer when it is one (no boxed double in the outcome). */
const small = (t: number): number => (t >= 0 && t <= 0x3fffffff ? t | 0 : t)

/** The edit that decided record i (null: none). */
const editIndexAt = (s: SimState, i: number): number | null => {
  const ei = s.editIndex[i]!
  return ei === 0 ? null : ei - 1
}

/** The type of the edit that decided record i (null: none). */
const editTypeAt = (s: SimState, i: number): BlockOutcome["editType"] => {
  const et = s.editType[i]!
  return et === 0 ? null : EDIT_TYPES[et - 1]!
}

/**
 * A fresh outcome for record i: a tool block carries its pair's id and
 * name, a replaced block its placeholder, a block in a turn its turn index.
 * Every optional field is written in the literal (same key order as
 * always: ids, placeholder, turn) so each object is allocated once with its
 * final shape instead of growing. The repetition across the builders below
 * is deliberate: one literal plus optional fields added afterwards measured
 * ≈35 % more memory and time for the outcomes of a large first run.
 */
function outcome(s: SimState, i: number): BlockOutcome {
  const r = s.a.recs[i]!
  const pk = s.placeholder[i]!
  const ph = pk === 0 ? undefined : s.placeholders[pk - 1]
  if (r.pair >= 0) {
    const p = s.a.pairs[r.pair]!
    return ph === undefined
      ? toolOutcome(s, i, r, p.id, p.name)
      : replacedToolOutcome(s, i, r, p.id, p.name, ph)
  }
  return ph === undefined
    ? blockOutcome(s, i, r)
    : replacedBlockOutcome(s, i, r, ph)
}

type Rec = SimState["a"]["recs"][number]

/** A tool block (use or result) that reads as sent. */
function toolOutcome(
  s: SimState,
  i: number,
  r: Rec,
  toolUseId: string,
  toolName: string
): BlockOutcome {
  const { mi: messageIndex, bi: blockIndex, role, type, turn } = r
  const status = STATUSES[s.status[i]!]!
  const editIndex = editIndexAt(s, i)
  const editType = editTypeAt(s, i)
  const tokensBefore = small(s.original[i]!)
  const tokensAfter = small(s.tokens[i]!)
  const reason = s.reason[i]!
  return turn >= 0
    ? {
        messageIndex,
        blockIndex,
        role,
        type,
        status,
        editIndex,
        editType,
        tokensBefore,
        tokensAfter,
        reason,
        toolUseId,
        toolName,
        turnIndex: turn,
      }
    : {
        messageIndex,
        blockIndex,
        role,
        type,
        status,
        editIndex,
        editType,
        tokensBefore,
        tokensAfter,
        reason,
        toolUseId,
        toolName,
      }
}

/** A tool block whose content now reads the placeholder. */
function replacedToolOutcome(
  s: SimState,
  i: number,
  r: Rec,
  toolUseId: string,
  toolName: string,
  placeholder: string
): BlockOutcome {
  const { mi: messageIndex, bi: blockIndex, role, type, turn } = r
  const status = STATUSES[s.status[i]!]!
  const editIndex = editIndexAt(s, i)
  const editType = editTypeAt(s, i)
  const tokensBefore = small(s.original[i]!)
  const tokensAfter = small(s.tokens[i]!)
  const reason = s.reason[i]!
  return turn >= 0
    ? {
        messageIndex,
        blockIndex,
        role,
        type,
        status,
        editIndex,
        editType,
        tokensBefore,
        tokensAfter,
        reason,
        toolUseId,
        toolName,
        placeholder,
        turnIndex: turn,
      }
    : {
        messageIndex,
        blockIndex,
        role,
        type,
        status,
        editIndex,
        editType,
        tokensBefore,
        tokensAfter,
        reason,
        toolUseId,
        toolName,
        placeholder,
      }
}

/** Any other block that reads as sent. */
function blockOutcome(s: SimState, i: number, r: Rec): BlockOutcome {
  const { mi: messageIndex, bi: blockIndex, role, type, turn } = r
  const status = STATUSES[s.status[i]!]!
  const editIndex = editIndexAt(s, i)
  const editType = editTypeAt(s, i)
  const tokensBefore = small(s.original[i]!)
  const tokensAfter = small(s.tokens[i]!)
  const reason = s.reason[i]!
  return turn >= 0
    ? {
        messageIndex,
        blockIndex,
        role,
        type,
        status,
        editIndex,
        editType,
        tokensBefore,
        tokensAfter,
        reason,
        turnIndex: turn,
      }
    : {
        messageIndex,
        blockIndex,
        role,
        type,
        status,
        editIndex,
        editType,
        tokensBefore,
        tokensAfter,
        reason,
      }
}

/** Any other block whose content now reads the placeholder. */
function replacedBlockOutcome(
  s: SimState,
  i: number,
  r: Rec,
  placeholder: string
): BlockOutcome {
  const { mi: messageIndex, bi: blockIndex, role, type, turn } = r
  const status = STATUSES[s.status[i]!]!
  const editIndex = editIndexAt(s, i)
  const editType = editTypeAt(s, i)
  const tokensBefore = small(s.original[i]!)
  const tokensAfter = small(s.tokens[i]!)
  const reason = s.reason[i]!
  return turn >= 0
    ? {
        messageIndex,
        blockIndex,
        role,
        type,
        status,
        editIndex,
        editType,
        tokensBefore,
        tokensAfter,
        reason,
        placeholder,
        turnIndex: turn,
      }
    : {
        messageIndex,
        blockIndex,
        role,
        type,
        status,
        editIndex,
        editType,
        tokensBefore,
        tokensAfter,
        reason,
        placeholder,
      }
}
