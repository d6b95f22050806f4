/**
 * The names a snippet binds and the lists it grows: `NAME = value`,
 * `const name = value`, `name += value` / `name *= value`, and
 * `name.append(…)` / `.extend(…)` / `.push(…)` / `.insert(…)` /
 * `.unshift(…)` / `.update(…)`, each with where it stands. A use of a name
 * reads the binding in effect there: the last one before it (else the first
 * one after it, as in a function defined above its constants).
 */

export interface Binding {
  name: string
  /** Offset of the statement. */
  at: number
  /** Offset of the assigned value. */
  valueStart: number
  /** `=`, or the operator of `+=` / `*=`. */
  op: "=" | "+" | "*"
  /** The statement's indentation (spaces and tabs before it). */
  indent: number
}

export interface Mutation {
  name: string
  at: number
  method: string
  /** Offset of the `(` that opens the arguments. */
  open: number
  indent: number
}

// At a line start, or indented (a docs code block, a function body) with
// spaces around `=`, which keyword arguments (`model="…",`) do not have.
const ASSIGNMENT =
  /^(?:([ \t]*)(?:export[ \t]+)?(?:const|let|var)[ \t]+)?([A-Za-z_$][\w$]*)[ \t]*(?::[^=\n]{1,80})?=(?!=)|^([ \t]+)([A-Za-z_$][\w$]*)(?:[ \t]*:[^=\n]{1,80})?[ \t]+=[ \t](?!=)|^([ \t]*)([A-Za-z_$][\w$]*)[ \t]*([+*])=(?!=)/gm
const MUTATION =
  /^([ \t]*)([A-Za-z_$][\w$]*)[ \t]*\.[ \t]*(append|extend|push|insert|unshift|update)[ \t]*\(/gm

/** The last index of `list` whose `at` is below `offset` (binary search), or -1. */
function lastBefore<T extends { at: number }>(
  list: T[],
  offset: number
): number {
  let lo = 0
  let hi = list.length
  while (lo < hi) {
    const mid = (lo + hi) >> 1
    if (list[mid]!.at < offset) lo = mid + 1
    else hi = mid
  }
  return lo - 1
}

function byName<T extends { name: string }>(items: T[]): Map<string, T[]> {
  const map = new Map<string, T[]>()
  for (const item of items) {
    const list = map.get(item.name)
    if (list) list.push(item)
    else map.set(item.name, [item])
  }
  return map
}

export class Bindings {
  private readonly bindings: Map<string, Binding[]>
  private readonly mutationsOf: Map<string, Mutation[]>

  constructor(bindings: Binding[], mutations: Mutation[]) {
    this.bindings = byName(bindings)
    this.mutationsOf = byName(mutations)
  }

  has(name: string): boolean {
    return this.bindings.has(name)
  }

  /** The binding of `name` a use at `offset` reads. */
  at(name: string, offset: number): Binding | undefined {
    const list = this.bindings.get(name)
    if (!list) return undefined
    return list[lastBefore(list, offset)] ?? list[0]
  }

  /** The binding `binding` builds on (`x += …` reads the `x` before it). */
  before(binding: Binding): Binding | undefined {
    const list = this.bindings.get(binding.name) ?? []
    return list[lastBefore(list, binding.at)]
  }

  /** Mutations of `name` after `from` and before `to`, in order. */
  mutations(name: string, from: number, to: number): Mutation[] {
    const list = this.mutationsOf.get(name)
    if (!list) return []
    const first = lastBefore(list, from) + 1
    const last = lastBefore(list, to)
    return list.slice(first, last + 1)
  }
}

/** Every binding and list mutation in `text` (one pass of each pattern). */
export function assignments(text: string): Bindings {
  const bindings: Binding[] = []
  for (const m of text.matchAll(ASSIGNMENT)) {
    const indent = (m[1] ?? m[3] ?? m[5] ?? "").length
    const name = (m[2] ?? m[4] ?? m[6])!
    const op = (m[7] as "+" | "*" | undefined) ?? "="
    bindings.push({
      name,
      at: m.index + indent,
      valueStart: m.index + m[0].length,
      op,
      indent,
    })
  }
  const mutations: Mutation[] = []
  for (const m of text.matchAll(MUTATION)) {
    mutations.push({
      name: m[2]!,
      at: m.index + m[1]!.length,
      method: m[3]!,
      open: m.index + m[0].length - 1,
      indent: m[1]!.length,
    })
  }
  return new Bindings(bindings, mutations)
}
