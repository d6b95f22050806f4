export { createPlaygroundStore, PERSIST_KEY } from "./playground-store"
export type {
  CreatePlaygroundStoreOptions,
  PersistedState,
  PlaygroundStore,
} from "./playground-store"
export { patchTopLevelKey, stringifyRequest } from "./request-text"
export { HISTORY_LIMIT } from "./slices/history-slice"
export type * from "./types"
export { RESULT_TAB_LABELS, RESULT_TABS } from "./result-tabs"
export { originLabel } from "./origin"
