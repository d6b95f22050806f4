import { afterAll, beforeAll, describe, expect, it } from "vitest"

import { bothBackends, PGLITE_START_MS } from "@/lib/server/test-backends"

import { createShareStore, type ShareStore } from "./store"

const base = { payload: "v1.x", deleteTokenHash: "t", now: 1 }

// The same behaviour on both backends: the embedded SQLite file (default)
// and Postgres (PGlite over the wire protocol, as `pg` sees a real server).
describe.each(bothBackends("share-store-", "a", "b", "share.db"))(
  "createShareStore on %s",
  (_name, url) => {
    let store: ShareStore
    beforeAll(async () => {
      store = createShareStore(await url())
    }, PGLITE_START_MS)
    afterAll(() => store.close())

    it("creates the directory and schema on first use", async () => {
      expect(await store.get("nothing")).toEqual({ status: "missing" })
    })

    it("moves to a longer id when the short one holds other content", async () => {
      const a = await store.put({
        ...base,
        ids: ["aaaaaaaaaa", "aaaaaaaaaaaaa"],
        hash: "hash-a",
      })
      const b = await store.put({
        ...base,
        ids: ["aaaaaaaaaa", "aaaaaaaaaaaaa"],
        hash: "hash-b",
        payload: "v1.y",
      })
      expect(a).toEqual({ id: "aaaaaaaaaa", created: true })
      expect(b).toEqual({ id: "aaaaaaaaaaaaa", created: true })
      expect(await store.get("aaaaaaaaaa")).toMatchObject({
        status: "found",
        payload: "v1.x",
      })
      expect(await store.get("aaaaaaaaaaaaa")).toMatchObject({
        status: "found",
        payload: "v1.y",
      })
    })

    it("keeps the timestamp it was given", async () => {
      await store.put({
        ...base,
        ids: ["cccccccccc"],
        hash: "hash-c",
        now: 1_700_000_000_000,
      })
      expect(await store.get("cccccccccc")).toEqual({
        status: "found",
        payload: "v1.x",
        createdAt: 1_700_000_000_000,
      })
    })

    it("never issues a deleted id again: concurrent re-sharers of deleted content all get the next id, one of them as its owner", async () => {
      await store.put({ ...base, ids: ["dddddddddd"], hash: "hash-d" })
      expect(await store.remove("dddddddddd", "t", 2)).toBe("deleted")
      const results = await Promise.all(
        Array.from({ length: 20 }, (_, i) =>
          store.put({
            ...base,
            ids: ["dddddddddd", "ddddddddddddd"],
            hash: "hash-d",
            deleteTokenHash: `t${i}`,
          })
        )
      )
      expect(results.every((r) => r.id === "ddddddddddddd")).toBe(true)
      expect(results.filter((r) => r.created)).toHaveLength(1)
      expect(await store.get("dddddddddd")).toEqual({ status: "deleted" })
    })
  }
)
