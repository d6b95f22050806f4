import { performance } from "node:perf_hooks"
import v8 from "node:v8"
import vm from "node:vm"

// A full GC before each timed run keeps one run's garbage out of the next
// one's timing (standard trick to reach gc() without --expose-gc).
v8.setFlagsFromString("--expose-gc")
const gc = vm.runInNewContext("gc")

/** Median of a list of numbers. */
export function median(xs) {
  const s = [...xs].sort((a, b) => a - b)
  const m = s.length >> 1
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2
}

/**
 * Runs `fn(i, input)` n times; returns wall-clock and process CPU durations
 * in ms. `setup(i)` (untimed) prepares each run's input; a GC runs before
 * each timed call. CPU time is less distorted when the machine is busy.
 */
export function time(n, fn, setup = () => undefined) {
  const wall = []
  const cpu = []
  for (let i = 0; i < n; i++) {
    const input = setup(i)
    gc()
    const c0 = process.cpuUsage()
    const t0 = performance.now()
    fn(i, input)
    wall.push(performance.now() - t0)
    const c = process.cpuUsage(c0)
    cpu.push((c.user + c.system) / 1000)
  }
  return { wall, cpu }
}

/** Smallest value. */
export const min = (xs) => Math.min(...xs)

/** "12.34" */
export const ms = (x) => x.toFixed(2)
