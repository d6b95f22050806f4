import { ShareMissing } from "./share-missing"

export default function ShortLinkNotFound() {
  return (
    <ShareMissing
      title="This link does not exist"
      detail="Check that it was copied completely."
    />
  )
}
