export {
  startFakeAnthropic,
  type FakeAnthropic,
  type FakeRequestRecord,
} from "./server.mjs"
