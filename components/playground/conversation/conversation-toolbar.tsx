"use client"

/** Model, thinking and request stats. */
export function ConversationToolbar() {
  return null
}
