/**
 * Per-block outcomes of a simulation, memoised per analysis so a re-run
 * with another edit config re-uses every outcome that did not change.
 */
import type { SimState } from "./state"
import type { BlockOutcome } from "./types"

/**
 * One outcome per original block, in order. Outcome objects are memoised per
 * analysis and re-used when nothing about the block changed since the last
 * simulation (results are immutable, so sharing is safe).
 */
export function buildOutcomes(s: SimState): BlockOutcome[] {
  const recs = s.a.recs
  const memo = (s.a.outcomes ??= new Array<BlockOutcome | undefined>(
    recs.length
  ))
  const out: BlockOutcome[] = new Array(recs.length)
  for (let i = 0; i < recs.length; i++) {
    const prev = memo[i]
    const ph = s.placeholder[i]
    if (
      prev &&
      prev.status === s.status[i] &&
      prev.tokensAfter === s.tokens[i] &&
      prev.tokensBefore === s.original[i] &&
      prev.reason === s.reason[i] &&
      prev.editIndex === s.editIndex[i] &&
      prev.editType === s.editType[i] &&
      prev.placeholder === ph
    ) {
      out[i] = prev
      continue
    }
    const o = outcome(s, i, ph)
    memo[i] = o
    out[i] = o
  }
  return out
}

/**
 * A fresh outcome for record i. Every optional field is written in the
 * literal (same key order as always: ids, placeholder, turn) so each object
 * is allocated once with its final shape instead of growing.
 */
function outcome(s: SimState, i: number, ph: string | undefined): BlockOutcome {
  const r = s.a.recs[i]!
  const status = s.status[i]!
  const editIndex = s.editIndex[i]!
  const editType = s.editType[i]!
  const tokensBefore = s.original[i]!
  const tokensAfter = s.tokens[i]!
  const reason = s.reason[i]!
  const { mi: messageIndex, bi: blockIndex, role, type, turn } = r
  if (r.pair >= 0) {
    const p = s.a.pairs[r.pair]!
    const toolUseId = p.id
    const toolName = p.name
    if (ph !== undefined)
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
            placeholder: ph,
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
            placeholder: ph,
          }
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
  if (ph !== undefined)
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
          placeholder: ph,
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
          placeholder: ph,
        }
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
