import type { Page } from "@playwright/test"

interface LongTaskWindow {
  __longTasks: { at: number; ms: number }[]
}

/**
 * Records the page's main-thread long tasks (PerformanceObserver
 * "longtask"): from now on, or with `fromFirstScript`, from the first script
 * of every load of the page (the load's own tasks included).
 */
export async function watchLongTasks(
  page: Page,
  { fromFirstScript = false }: { fromFirstScript?: boolean } = {}
) {
  const install = (buffered: boolean) => {
    const w = window as unknown as LongTaskWindow
    w.__longTasks = []
    new PerformanceObserver((list) => {
      for (const e of list.getEntries())
        w.__longTasks.push({ at: e.startTime, ms: e.duration })
    }).observe({ type: "longtask", buffered })
  }
  if (fromFirstScript) await page.addInitScript(install, true)
  else await page.evaluate(install, false)
  return {
    /** The longest task (ms, 0 if none) that ended after `from` (page time). */
    longest: (from = 0) =>
      page.evaluate((from) => {
        const { __longTasks } = window as unknown as LongTaskWindow
        return Math.max(
          0,
          ...__longTasks.filter((t) => t.at + t.ms >= from).map((t) => t.ms)
        )
      }, from),
    /** Forgets the tasks recorded so far. */
    reset: () =>
      page.evaluate(() => {
        ;(window as unknown as LongTaskWindow).__longTasks = []
      }),
  }
}
