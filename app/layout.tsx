import type { Metadata, Viewport } from "next"
import { headers } from "next/headers"

import "./globals.css"

export const metadata: Metadata = {
  title: "Context Editing Playground",
  description:
    "See what Anthropic's context editing (clear_tool_uses, clear_thinking, compaction) does to a Messages API request, block by block.",
}

export const viewport: Viewport = {
  themeColor: [
    { media: "(prefers-color-scheme: light)", color: "#ffffff" },
    { media: "(prefers-color-scheme: dark)", color: "#0b0b0f" },
  ],
}

// Applies the saved theme (or the system's) before first paint, so there is
// no light flash in dark mode. The preference is not a secret.
const themeScript = `(function(){try{var t=localStorage.getItem("cep.theme");var d=t==="dark"||(t!=="light"&&matchMedia("(prefers-color-scheme: dark)").matches);document.documentElement.classList.toggle("dark",d)}catch(e){}})()`

export default async function RootLayout({
  children,
}: Readonly<{ children: React.ReactNode }>) {
  // The CSP nonce proxy.ts made for this response: without it the browser
  // refuses the inline theme script. Reading it renders every page per
  // request, as any nonce must (README, "Security headers").
  const nonce = (await headers()).get("x-nonce") ?? undefined
  return (
    <html lang="en" suppressHydrationWarning>
      <head>
        <script
          nonce={nonce}
          dangerouslySetInnerHTML={{ __html: themeScript }}
        />
      </head>
      <body className="bg-white text-zinc-900 antialiased dark:bg-zinc-950 dark:text-zinc-100">
        {children}
      </body>
    </html>
  )
}
