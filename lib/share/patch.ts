/**
 * A compact JSON patch from one value to another, for links that carry
 * only what changed from a built-in example (codec-v3.ts). A patch node is
 * one of:
 *
 * - `{"$": value}`: the value, whole.
 * - `{"o": {key: node}, "d"?: [keys], "k"?: [keys]}`: an object with these
 *   keys changed or added (`o`), removed (`d`), and, when the order
 *   differs from the base's, the new key order (`k`).
 * - `{"a": [pre, suf, [node…]]}`: an array that keeps the base's first
 *   `pre` and last `suf` elements; between them, each node patches the
 *   base's element at the same place (or is `{"$": …}` past its end).
 *
 * Equal values have no patch (`undefined`). `applyPatch(base, diffJson(base,
 * x))` deep-equals `x` (with x's key order). Linear in the two values' size
 * (plus one JSON.stringify per array element compared).
 */

type Json = unknown
export type PatchNode =
  | { $: Json }
  | { o: Record<string, PatchNode>; d?: string[]; k?: string[] }
  | { a: [number, number, PatchNode[]] }

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === "object" && v !== null && !Array.isArray(v)

/** The patch from `base` to `next`, or undefined when they are equal. */
export function diffJson(base: Json, next: Json): PatchNode | undefined {
  if (Array.isArray(base) && Array.isArray(next)) return diffArray(base, next)
  if (isObject(base) && isObject(next)) return diffObject(base, next)
  return JSON.stringify(base) === JSON.stringify(next) ? undefined : { $: next }
}

function diffObject(
  base: Record<string, unknown>,
  next: Record<string, unknown>
): PatchNode | undefined {
  const o: Record<string, PatchNode> = {}
  for (const [key, value] of Object.entries(next)) {
    const node = Object.hasOwn(base, key)
      ? diffJson(base[key], value)
      : { $: value }
    if (node) put(o, key, node)
  }
  const d = Object.keys(base).filter((key) => !Object.hasOwn(next, key))
  const kept = Object.keys(base).filter((key) => Object.hasOwn(next, key))
  const added = Object.keys(next).filter((key) => !Object.hasOwn(base, key))
  const order = [...kept, ...added]
  const k = Object.keys(next)
  const reordered = order.some((key, i) => key !== k[i])
  if (Object.keys(o).length === 0 && d.length === 0 && !reordered)
    return undefined
  return { o, ...(d.length ? { d } : {}), ...(reordered ? { k } : {}) }
}

function diffArray(base: unknown[], next: unknown[]): PatchNode | undefined {
  const same = (i: number, j: number) =>
    JSON.stringify(base[i]) === JSON.stringify(next[j])
  let pre = 0
  while (pre < base.length && pre < next.length && same(pre, pre)) pre++
  let suf = 0
  while (
    suf < base.length - pre &&
    suf < next.length - pre &&
    same(base.length - 1 - suf, next.length - 1 - suf)
  )
    suf++
  if (pre === base.length && pre === next.length) return undefined
  const middle: PatchNode[] = []
  for (let j = pre; j < next.length - suf; j++) {
    const i = j
    const node =
      i < base.length - suf ? diffJson(base[i], next[j]) : { $: next[j] }
    // An unchanged element inside the middle still needs a node: `{o:{}}`
    // for objects, else the value itself.
    middle.push(node ?? (isObject(next[j]) ? { o: {} } : { $: next[j] }))
  }
  return { a: [pre, suf, middle] }
}

/** Sets an own property, `__proto__` included (a plain assignment would set the prototype). */
function put(obj: Record<string, unknown>, key: string, value: unknown) {
  Object.defineProperty(obj, key, {
    value,
    enumerable: true,
    writable: true,
    configurable: true,
  })
}

/** `base` with `node` applied (a new value; `base` is not changed). */
export function applyPatch(base: Json, node: PatchNode | undefined): Json {
  if (node === undefined) return base
  if ("$" in node) return node.$
  if ("o" in node) {
    const from = isObject(base) ? base : {}
    const out: Record<string, unknown> = {}
    const drop = new Set(node.d ?? [])
    for (const [key, value] of Object.entries(from))
      if (!drop.has(key))
        put(
          out,
          key,
          applyPatch(
            value,
            Object.hasOwn(node.o, key) ? node.o[key] : undefined
          )
        )
    for (const [key, child] of Object.entries(node.o))
      if (!Object.hasOwn(from, key)) put(out, key, applyPatch(undefined, child))
    if (!node.k) return out
    const ordered: Record<string, unknown> = {}
    for (const key of node.k)
      if (Object.hasOwn(out, key)) put(ordered, key, out[key])
    return ordered
  }
  const from = Array.isArray(base) ? base : []
  const pre = Math.min(Math.max(0, node.a[0]), from.length)
  const suf = Math.max(0, node.a[1])
  const middle = node.a[2]
  const keepEnd = Math.min(suf, from.length - pre)
  return [
    ...from.slice(0, pre),
    ...middle.map((child, k) => applyPatch(from[pre + k], child)),
    ...from.slice(from.length - keepEnd),
  ]
}

const isCount = (n: unknown): boolean =>
  Number.isSafeInteger(n) && (n as number) >= 0

/** Whether a decoded value has the shape of a patch node (bounded by the JSON limits). */
export function isPatchNode(v: unknown): v is PatchNode {
  if (!isObject(v)) return false
  if ("$" in v) return true
  if ("o" in v) return isObject(v.o) && Object.values(v.o).every(isPatchNode)
  const a = v.a
  // `pre` and `suf` count elements: a negative one would take elements
  // from the other end and repeat them.
  return (
    Array.isArray(a) &&
    a.length === 3 &&
    isCount(a[0]) &&
    isCount(a[1]) &&
    Array.isArray(a[2]) &&
    a[2].every(isPatchNode)
  )
}
