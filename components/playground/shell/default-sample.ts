"use client"

/** The request the page opens with when nothing else is asked for: the sample agent session. */
export async function loadDefaultSample(): Promise<{
  id: string
  title: string
  request: unknown
}> {
  const { PRESETS } = await import("@/lib/presets")
  const preset = PRESETS[0]
  if (!preset) throw new Error("No presets")
  return { id: preset.id, title: preset.title, request: preset.build() }
}
