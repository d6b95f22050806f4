import {
  createRandom,
  fillSlots,
  GRID_STORAGE,
  markdownProducer,
  MEMORY_TOOL,
  type Random,
  SessionBuilder,
  WEB_SEARCH_TOOL,
} from "@/lib/generate"
import type { ContentBlock, ImportedRequest } from "@/lib/import/types"

/**
 * The page's default sample: a research agent session (web search, local
 * files, memory, thinking) a little over the default 100k clearing trigger.
 * Hand-written turns, generated bodies for the long documents.
 */

const DOMAINS = [
  "gridstorage-review.example",
  "energy-policy-institute.example",
  "batterylab.university.example",
  "utility-dive-notes.example",
]

interface Step {
  /** Thinking that opens the assistant message for this step, if it starts one. */
  think?: string
  search?: string
  read?: { path: string; title: string }
  memory?: { input: Record<string, unknown>; result: string }
}

interface Turn {
  user: string
  think: string
  lead: string
  steps: Step[]
  answer: string
}

const PROGRESS = "/memories/grid-pilot-research.md"

/** A memory edit that adds `section` to the progress notes, before "## Next". */
const noteBeforeNext = (section: string): Step["memory"] => ({
  input: {
    command: "str_replace",
    path: PROGRESS,
    old_str: "## Next",
    new_str: section,
  },
  result: "The memory file has been edited successfully.",
})

const TURNS: Turn[] = [
  {
    think:
      "A chemistry decision for a cold site. Before searching, I should check whether I already have notes from an earlier session so I don't repeat work.",
    user: "We're choosing the cell chemistry for a 40 MWh grid-storage pilot at our northern substation, where winters reach -30 °C. Research sodium-ion versus LFP: cycle life, cold-weather performance, safety certification, supply chain and price. The vendor datasheets and our requirements doc are in ./research. Save notes to memory as you go so nothing gets lost, and finish with a recommendation.",
    lead: "I'll start by checking my memory directory for notes from earlier sessions.",
    steps: [
      {
        memory: {
          input: { command: "view", path: "/memories" },
          result:
            "Here're the files and directories up to 2 levels deep in /memories, excluding hidden items and node_modules:\n4.0K\t/memories",
        },
      },
      {
        think:
          "Memory is empty, so this starts from scratch. The requirements doc comes first: the temperature and cycling targets decide which data matters.",
        read: {
          path: "research/requirements.md",
          title: "Northern substation storage pilot: requirements",
        },
      },
      { search: "sodium-ion battery grid storage cycle life field data 2026" },
      { search: "LFP vs sodium-ion capacity retention -20C -30C test results" },
      {
        read: {
          path: "research/vendor-a-sodium-ion-datasheet.md",
          title: "Vendor A NX-280 sodium-ion cell: datasheet",
        },
      },
      {
        think:
          "Vendor A claims 92% capacity at -20 °C and 6,000 cycles. I need the LFP datasheet to compare like with like, at the same C-rate and temperature.",
        read: {
          path: "research/vendor-b-lfp-datasheet.md",
          title: "Vendor B LF-320 LFP cell: datasheet",
        },
      },
      {
        think:
          "I have the requirements and both datasheets. Time to write this down in memory before the context fills up with search results.",
        memory: {
          input: {
            command: "create",
            path: PROGRESS,
            file_text:
              "# Grid pilot chemistry research\n\n## Requirements (research/requirements.md)\n- 40 MWh, 4 h duration, 1 cycle/day, 20-year life\n- Must start and run at -30 °C without derating below 80%\n\n## Findings so far\n- Sodium-ion (Vendor A): ~92% capacity at -20 °C, claimed 6,000 cycles; little field data\n- LFP (Vendor B): needs heating below 0 °C; 8,000 cycles at 25 °C\n\n## Next\n- Cold-start behaviour, supply chain, price, UL 9540A\n",
          },
          result: `File created successfully at: ${PROGRESS}`,
        },
      },
    ],
    answer:
      "First pass done. Sodium-ion keeps far more capacity in the cold (about 92% at -20 °C versus roughly 70% for unheated LFP), but LFP has a longer, better-documented cycle life. I've saved the requirements and these first findings to memory.",
  },
  {
    think:
      "Cold starts are the open risk. I need field data from cold climates rather than datasheet claims, and the heating overhead for LFP in kWh, not just in words.",
    user: "Helpful. Our operations team is worried about cold starts — dig deeper on low-temperature behaviour and the heating overhead for each option.",
    lead: "I'll look for field trials in cold climates and check the trial report in the research folder.",
    steps: [
      { search: "sodium-ion cold start field trial utility winter 2025" },
      { search: "LFP battery container heating energy overhead cold climate" },
      {
        think:
          "The search results mention a cold-climate field trial; the interim report is in the research folder, which is better than press coverage.",
        read: {
          path: "research/field-trial-minnesota-2025.md",
          title: "Cold-climate field trial, winter 2025: interim report",
        },
      },
      {
        think:
          "The trial answers the cold-start question. Record the numbers in memory.",
        memory: noteBeforeNext(
          "## Cold weather\n- Field trial: sodium-ion started unassisted at -28 °C; LFP container used 6-9% of throughput for heating in January\n\n## Next"
        ),
      },
    ],
    answer:
      "The field trial favours sodium-ion for cold starts: it started unassisted at -28 °C, while the LFP container spent 6–9% of its January throughput on heating. I've added this to my notes.",
  },
  {
    think:
      "Price and supply risk over five years: compare current cell prices, announced manufacturing capacity, and how concentrated each supply chain is.",
    user: "What about supply chain and price risk over the next five years?",
    lead: "Let me check recent market analysis and the outlook report we have locally.",
    steps: [
      { search: "sodium-ion cell manufacturing capacity 2026 2030 outlook" },
      { search: "LFP cell price per kWh 2026 grid storage contracts" },
      {
        think:
          "Search results disagree on sodium-ion capacity for 2026. The local market outlook should have the supplier list and contract prices.",
        read: {
          path: "research/market-outlook-2026.md",
          title: "Stationary storage market outlook 2026",
        },
      },
      {
        think: "Save the price and supplier figures to memory.",
        memory: noteBeforeNext(
          "## Supply and price\n- LFP: mature, many suppliers, ~$78/kWh cells; sodium-ion: 2-3 qualified suppliers, ~$95/kWh, no lithium exposure\n\n## Next"
        ),
      },
    ],
    answer:
      "LFP is cheaper today (around $78/kWh at cell level versus about $95/kWh) and has many suppliers; sodium-ion avoids lithium price risk but only two or three suppliers are qualified for grid projects. Notes updated.",
  },
  {
    think:
      "For safety the fire marshal will care about UL 9540A propagation results and NFPA 855 spacing. I should check both products' reports.",
    user: "Last thing: check the safety side — UL 9540A results and what our fire marshal is likely to ask for.",
    lead: "I'll search for published UL 9540A results and read the summary in the research folder.",
    steps: [
      {
        search:
          "UL 9540A sodium-ion cell test results thermal runaway propagation",
      },
      {
        read: {
          path: "research/ul9540a-summary.md",
          title: "UL 9540A test summaries for shortlisted products",
        },
      },
      {
        think:
          "Both reports show no propagation beyond the initiating module. Save the safety findings and the likely permitting questions.",
        memory: noteBeforeNext(
          "## Safety\n- Both shortlisted products have UL 9540A unit-level reports; no propagation beyond the initiating module\n- Fire marshal will want NFPA 855 spacing and the large-scale fire test report\n\n## Next\n- Draft recommendation memo"
        ),
      },
    ],
    answer:
      "Both shortlisted products have unit-level UL 9540A reports with no propagation beyond the initiating module. Expect the fire marshal to ask for NFPA 855 spacing and the large-scale fire test. Everything is in memory, so I'm ready to write the recommendation.",
  },
]

const FINAL_USER =
  "Great work. Please draft the one-page recommendation memo for the steering committee now."

const READ_FILE_TOOL = {
  name: "read_file",
  description:
    "Read a file from the shared research folder and return its text.",
  input_schema: {
    type: "object",
    properties: {
      path: {
        type: "string",
        description: "Path relative to the project root",
      },
    },
    required: ["path"],
  },
}

const ANSWER_THOUGHT =
  "I have enough to answer this part: give the numbers, say where they come from, and mention that memory is up to date."

/** A step's call and result: a web search, a memory operation or a file read. */
function pushStepCall(b: SessionBuilder, random: Random, step: Step): void {
  if (step.search) {
    b.webSearch(step.search, GRID_STORAGE, DOMAINS, 0.55)
    return
  }
  const id = b.id("toolu")
  if (step.memory) {
    b.push("assistant", [
      { type: "tool_use", id, name: "memory", input: step.memory.input },
    ])
    b.push("user", [
      { type: "tool_result", tool_use_id: id, content: step.memory.result },
    ])
    return
  }
  if (!step.read) return
  b.push("assistant", [
    {
      type: "tool_use",
      id,
      name: "read_file",
      input: { path: step.read.path },
    },
  ])
  const content = markdownProducer(random, GRID_STORAGE, step.read.title)
  b.push("user", [b.toolResultSlot(id, content, 0.9 + random() * 0.6)])
}

/** A user question, the agent's steps (thinking and lead-in first), and its answer. */
function pushTurn(b: SessionBuilder, random: Random, turn: Turn): void {
  b.push("user", [{ type: "text", text: turn.user }])
  let lead: string | undefined = turn.lead
  for (const step of turn.steps) {
    const blocks: ContentBlock[] = []
    if (b.assistantStarts) blocks.push(b.thinking(step.think ?? turn.think))
    if (lead) blocks.push({ type: "text", text: lead })
    lead = undefined
    b.push("assistant", blocks)
    pushStepCall(b, random, step)
  }
  const answer: ContentBlock[] = []
  if (b.assistantStarts) answer.push(b.thinking(ANSWER_THOUGHT))
  answer.push({ type: "text", text: turn.answer })
  b.push("assistant", answer)
}

/** Builds the research agent request (deterministic). */
export function buildResearchAgent(): ImportedRequest {
  const random = createRandom(20251015)
  const b = new SessionBuilder(random)
  for (const turn of TURNS) pushTurn(b, random, turn)
  b.push("user", [{ type: "text", text: FINAL_USER }])

  const request: ImportedRequest = {
    model: "claude-sonnet-4-6",
    max_tokens: 16_000,
    system:
      "You are a research assistant for the grid modernization team at a regional power cooperative. Cite sources, separate vendor claims from independent data, and keep your notes in the memory directory so work survives long sessions.",
    thinking: { type: "enabled", budget_tokens: 10_000 },
    tools: [{ ...WEB_SEARCH_TOOL }, { ...MEMORY_TOOL }, READ_FILE_TOOL],
    messages: b.messages,
    context_management: {
      edits: [
        {
          type: "clear_thinking_20251015",
          keep: { type: "thinking_turns", value: 1 },
        },
        { type: "clear_tool_uses_20250919", exclude_tools: ["memory"] },
      ],
    },
  }
  fillSlots(request, b.slots, 130_000)
  return request
}
