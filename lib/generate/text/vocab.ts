/**
 * Word lists for synthetic content. Sizes are chosen so that generated text
 * varies like real prose/code (token estimates must behave like real content,
 * so no repeated filler characters).
 */

/** Splits a comma-separated word list (keeps data files short). */
function list(words: string): readonly string[] {
  return words
    .split(",")
    .map((w) => w.trim())
    .filter((w) => w !== "")
}

/** Slots a sentence template may reference as `{slot}`. */
export interface Vocabulary {
  noun: readonly string[]
  nouns: readonly string[]
  verb: readonly string[]
  verbed: readonly string[]
  adjective: readonly string[]
  adverb: readonly string[]
  number: readonly string[]
  templates: readonly string[]
  headings: readonly string[]
}

const COMMON_TEMPLATES = [
  "The {adjective} {noun} {verb}s the {noun} before the {noun} is {verbed}.",
  "In most deployments the {noun} is {verbed} {adverb}, which keeps the {noun} {adjective}.",
  "We {verbed} the {noun} and found that the {nouns} were {adjective} under load.",
  "When the {noun} is {adjective}, the {nouns} {verb} {adverb} and the {noun} stays small.",
  "A {adjective} {noun} can {verb} up to {number} {nouns} per second.",
  "This section explains how the {noun} {verb}s {nouns} and why the {noun} matters.",
  "Each {noun} has its own {noun}, so {nouns} never {verb} each other.",
  "If the {noun} fails, the {noun} falls back to a {adjective} {noun}.",
  "Compared with the {adjective} {noun}, the new {noun} {verb}s about {number} more {nouns}.",
  "Note that {nouns} are {verbed} only after the {noun} has been {verbed}.",
  "The team {verbed} {number} {nouns} last quarter and plans to {verb} the rest.",
  "Most {nouns} are {adjective}; the exceptions are {verbed} by the {noun}.",
  "To {verb} a {noun}, first {verb} the {noun}, then {verb} its {nouns}.",
  "The {noun} was {verbed} {adverb} because the {nouns} were {adjective}.",
  "Results vary: some {nouns} {verb} {adverb}, others need a {adjective} {noun}.",
  "Without a {noun}, the {noun} would {verb} every {noun} twice.",
]

/** Software engineering vocabulary (generic agent sessions). */
export const SOFTWARE: Vocabulary = {
  noun: list(`
    cache, scheduler, request, handler, session, token, queue, worker,
    parser, router, buffer, index, snapshot, migration, endpoint, payload,
    schema, client, server, transaction, pipeline, module, build,
    deployment, config, template, resolver, adapter, listener, stream,
    batch, partition, replica, lock, timeout, retry policy, rate limiter,
    middleware, validator, serializer, connection pool, event loop,
    manifest, lockfile, test suite, fixture, benchmark, feature flag
  `),
  nouns: list(`
    caches, requests, handlers, sessions, tokens, workers, records,
    messages, events, jobs, files, tests, users, queries, responses,
    commits, branches, modules, packages, connections, threads, retries,
    rows, columns, entries, callbacks, promises, headers, fields, errors,
    warnings
  `),
  verb: list(`
    validate, serialize, cache, retry, flush, index, parse, route,
    schedule, batch, stream, migrate, resolve, merge, deploy, rebuild,
    compress, decode, encode, refresh, prune, replicate, throttle,
    dispatch, hydrate, invalidate, profile
  `),
  verbed: list(`
    validated, serialized, cached, retried, flushed, indexed, parsed,
    routed, scheduled, batched, streamed, migrated, resolved, merged,
    deployed, rebuilt, compressed, decoded, refreshed, pruned, replicated,
    throttled, dispatched
  `),
  adjective: list(`
    stale, idle, concurrent, lazy, eager, immutable, partial, nested,
    optional, cold, warm, expensive, cheap, flaky, deterministic,
    asynchronous, blocking, shared, private, deprecated, experimental,
    stable, legacy, incremental
  `),
  adverb: list(`
    quickly, lazily, eagerly, safely, silently, rarely, often, in parallel,
    on demand, at startup, in the background, twice
  `),
  number: [
    "2",
    "3",
    "4",
    "8",
    "12",
    "16",
    "32",
    "64",
    "128",
    "250",
    "500",
    "1,000",
    "10,000",
  ],
  templates: COMMON_TEMPLATES,
  headings: list(`
    Overview, Architecture, Configuration, Error handling, Caching,
    Performance, Testing, Deployment, Known issues, Migration guide,
    Security, Observability, API reference, Troubleshooting
  `),
}

/** Energy-storage research vocabulary (the research agent preset). */
export const GRID_STORAGE: Vocabulary = {
  noun: list(`
    sodium-ion cell, LFP cell, battery module, container, inverter,
    state of charge, cycle life, round-trip efficiency, cathode, anode,
    hard-carbon anode, electrolyte, thermal runaway test, supply chain,
    warranty, degradation curve, capacity fade, energy density,
    power rating, pilot site, interconnection study, augmentation plan,
    fire suppression system, battery management system, cost per kWh,
    duty cycle, depth of discharge, cold-start test
  `),
  nouns: list(`
    cells, modules, containers, vendors, datasheets, suppliers, cycles,
    projects, pilots, utilities, megawatt-hours, safety tests,
    field trials, price quotes, chemistries, operators
  `),
  verb: list(`
    outperform, degrade, retain, deliver, reduce, extend, certify, ship,
    qualify, derate, balance, recover, store
  `),
  verbed: list(`
    qualified, certified, derated, shipped, tested, cycled, benchmarked,
    reported, installed, commissioned, audited
  `),
  adjective: list(`
    sodium-ion, lithium-iron-phosphate, grid-scale, cold-climate,
    long-duration, utility-grade, second-generation, pilot-scale,
    higher-density, lower-cost, cobalt-free, UL 9540A-listed
  `),
  adverb: [
    "at -20 °C",
    "after 4,000 cycles",
    "in 2026",
    "at 0.5C",
    "per year",
    "under partial state of charge",
    "in field conditions",
    "at scale",
  ],
  number: [
    "6,000",
    "4,500",
    "92%",
    "88%",
    "140 Wh/kg",
    "160 Wh/kg",
    "$78/kWh",
    "$95/kWh",
    "20 years",
    "15 MWh",
    "40 MWh",
    "-30 °C",
  ],
  templates: [
    ...COMMON_TEMPLATES,
    "Independent tests report {number} for the {adjective} {noun}, measured {adverb}.",
    "Vendors claim the {noun} will {verb} {nouns} {adverb}, but field data is thin.",
    "For a {number} pilot the {noun} dominates the {noun} and the {noun}.",
    "The {adjective} {nouns} were {verbed} {adverb} with a {noun} of {number}.",
  ],
  headings: list(`
    Executive summary, Cell chemistry, Cycle life and degradation,
    Cold-weather performance, Safety and certification, Supply chain,
    Pricing, Warranty terms, Field deployments, Open questions,
    Methodology, Appendix: test data
  `),
}
