// Public surface of lib/export: code snippets for the current request.

export {
  exportCode,
  type ExportLanguage,
  type ExportOptions,
} from "./export-code"
export { exportLangChain, type LangChainLanguage } from "./export-langchain"
export {
  expectedEdits,
  type ExpectedEdit,
  exportTest,
  type TestLanguage,
} from "./export-test"
export {
  BETA_COMPACT,
  BETA_CONTEXT_MANAGEMENT,
  BETA_ON_DEMAND_COMPACT,
  prepareRequest,
  type ExportTarget,
  type PreparedRequest,
} from "./request-body"
export {
  shellSingleQuote,
  toJsLiteral,
  toJsonText,
  toPythonLiteral,
} from "./literals"
