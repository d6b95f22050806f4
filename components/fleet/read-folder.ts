"use client"

import { classifyPath } from "@/lib/fleet/layout"
import { EXAMPLE_FOLDER_LABEL } from "@/lib/generate/claude-code-log/example"

/** A log file to read, its path relative to the folder the user gave. */
export interface FleetFile {
  file: File
  path: string
}

/** What a drop or a picker hands over, before it is walked. */
export type FolderInput =
  | { kind: "entries"; entries: FileSystemEntry[] }
  | { kind: "files"; files: File[] }
  | { kind: "handle"; handle: FileSystemDirectoryHandle }
  /** The generated example folder (lib/generate/claude-code-log/example.ts). */
  | { kind: "example" }

const logsOnly = (list: FleetFile[]) =>
  list
    .filter((f) => classifyPath(f.path) !== null)
    .sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0))

/** Strips the one top folder every path shares (the folder the user gave). */
function relative(paths: FleetFile[]): FleetFile[] {
  const top = paths[0]?.path.split("/")[0]
  const shared =
    top !== undefined && paths.every((p) => p.path.startsWith(`${top}/`))
  return shared
    ? paths.map((p) => ({ ...p, path: p.path.slice(top.length + 1) }))
    : paths
}

const readBatch = (r: FileSystemDirectoryReader) =>
  new Promise<FileSystemEntry[]>((resolve, reject) =>
    r.readEntries(resolve, reject)
  )

const fileOf = (e: FileSystemFileEntry) =>
  new Promise<File>((resolve, reject) => e.file(resolve, reject))

/** Every file under dropped entries (directories walked; `readEntries` answers in batches). */
async function walkEntries(entries: FileSystemEntry[]): Promise<FleetFile[]> {
  const out: FleetFile[] = []
  const stack = [...entries]
  while (stack.length > 0) {
    const e = stack.pop()!
    const path = e.fullPath.replace(/^\//, "")
    if (e.isFile) {
      if (classifyPath(path))
        out.push({ file: await fileOf(e as FileSystemFileEntry), path })
      continue
    }
    const reader = (e as FileSystemDirectoryEntry).createReader()
    for (
      let batch = await readBatch(reader);
      batch.length > 0;
      batch = await readBatch(reader)
    )
      stack.push(...batch)
  }
  return out
}

async function walkHandle(
  dir: FileSystemDirectoryHandle,
  prefix: string,
  out: FleetFile[]
): Promise<void> {
  for await (const h of (
    dir as unknown as { values(): AsyncIterable<FileSystemHandle> }
  ).values()) {
    const path = prefix + h.name
    if (h.kind === "directory")
      await walkHandle(h as FileSystemDirectoryHandle, `${path}/`, out)
    else if (classifyPath(path))
      out.push({ file: await (h as FileSystemFileHandle).getFile(), path })
  }
}

/**
 * The example folder's files, generated here (the generator loads only
 * when asked): the same files on every machine.
 */
async function exampleFolder(): Promise<FleetFile[]> {
  const { EXAMPLE_FOLDER, generateLogFolder } =
    await import("@/lib/generate/claude-code-log")
  const files = [...generateLogFolder(EXAMPLE_FOLDER)].map((f) => ({
    file: new File([f.text], f.path.slice(f.path.lastIndexOf("/") + 1)),
    path: f.path,
  }))
  return logsOnly(files)
}

/** The log files of a drop or a pick, paths relative to the folder given. */
export async function readFolder(input: FolderInput): Promise<FleetFile[]> {
  if (input.kind === "example") return exampleFolder()
  if (input.kind === "files")
    return logsOnly(
      relative(
        input.files.map((file) => ({
          file,
          path: file.webkitRelativePath || file.name,
        }))
      )
    )
  if (input.kind === "handle") {
    const out: FleetFile[] = []
    await walkHandle(input.handle, "", out)
    return logsOnly(out)
  }
  return logsOnly(relative(await walkEntries(input.entries)))
}

/** What to call a drop or a pick: the folder's name, or the first file's (and how many more). */
export function folderLabel(input: FolderInput, files: FleetFile[]): string {
  const more = (name: string, n: number) =>
    n > 1 ? `${name} and ${n - 1} more` : name
  if (input.kind === "handle") return input.handle.name
  if (input.kind === "example") return EXAMPLE_FOLDER_LABEL
  if (input.kind === "entries") {
    const [first] = input.entries
    return first ? more(first.name, input.entries.length) : "dropped files"
  }
  const top = input.files[0]?.webkitRelativePath.split("/")[0]
  if (top) return top
  return more(files[0]?.path ?? input.files[0]?.name ?? "files", files.length)
}
