import { Playground } from "@/components/playground/playground"

export default function Page() {
  return <Playground />
}
