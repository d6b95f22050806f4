import { Playground } from "@/components/playground/shell/playground"

export default function Page() {
  return <Playground />
}
