"use client"

import { KeyStatus } from "../server/key-status"
import { Header } from "./header/header"
import { HeaderActions } from "./header/header-actions"
import { Workspace } from "./workspace"
import type { NoticesProps } from "./notices"

/**
 * The page once its store is built: the header's actions and key status,
 * and the workspace. Not in the first-load JS: it loads while the store is
 * being built (`playground.tsx`), and the engine loads beside it.
 */
export function ReadyPage(notices: NoticesProps) {
  return (
    <div className="flex h-dvh flex-col">
      <Header actions={<HeaderActions />} status={<KeyStatus />} />
      <Workspace {...notices} />
    </div>
  )
}
