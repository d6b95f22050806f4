/** Generated Claude Code logs (tests, the sessions benchmark): see README in lib/generate. */
export { EXAMPLE_FOLDER, EXAMPLE_FOLDER_LABEL } from "./example"
export {
  generateLogFolder,
  planFolder,
  sessionFiles,
  type FolderFile,
  type FolderOptions,
} from "./folder"
export {
  generateLogSession,
  type LogSession,
  type LogSessionSpec,
  type SubagentLayout,
} from "./session"
