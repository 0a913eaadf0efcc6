// The shapes measure.ts writes after each phase and the report reads back.
import type { RouteJs } from './first-load-js';
import type { LighthouseRun } from './lighthouse';
import type { LoadStats } from './load';
import type { BenchManifest } from './seed-large';
import type { StreamMemoryResult } from './stream-memory';
import type { VideoMemoryResult } from './video-memory';

export type TargetGroup = 'page' | 'api' | 'action';

export type TargetResult = {
  name: string;
  path: string;
  method: 'GET' | 'POST';
  group: TargetGroup;
  /** Measured again against the small catalogue to show list and search do not slow down. */
  growth: boolean;
  measured: boolean;
  /** Why a target was skipped, or what to know when reading its figures. */
  note?: string;
  /** One request before the load: its status, time, size and cache headers. */
  probe?: { status: number; milliseconds: number; bytes: number; contentType: string; cache: string };
  levels: LoadStats[];
  /** The same bytes served as a static file by nginx: the machine's limit for this answer. */
  nginx: LoadStats[];
};

/** The certificate PDF made by single requests one after another, after one untimed request. */
export type CertificatePdfResult = {
  path: string;
  /** Timed requests that answered 200. */
  requests: number;
  /** The untimed first request (the route's first run). */
  warmUpMilliseconds: number | null;
  /** Each timed request, sending to last byte, in order. */
  milliseconds: number[];
  p50: number | null;
  p95: number | null;
  max: number | null;
  /** The PDF's size. */
  bytes: number;
  contentType: string;
  error?: string;
};

export type PhaseResult = {
  phase: 'main' | 'growth';
  manifest: BenchManifest;
  baseUrl: string;
  startedAt: string;
  finishedAt: string;
  /** 1-, 5- and 15-minute load averages at the start and the end: other work on the machine shows here. */
  loadAverage: { start: number[]; end: number[] };
  seconds: number;
  nginxSeconds: number;
  targets: TargetResult[];
  /** Growth phase: the large catalogue's server, measured right after the small one at each level. */
  pairedTargets: TargetResult[];
  /** Extra levels the issue budgets name when BENCH_CONNECTIONS leaves them out (home at 20), and the paced learner levels (the lesson player and quiz grading at 20, progress writes at 50). */
  budgetRuns: { name: string; path: string; stats: LoadStats }[];
  /** The app server's memory while it sends the bench audiobook (main phase; absent in older results). */
  streaming?: StreamMemoryResult | null;
  /** The app server's memory while viewers watch and seek through the learning course's video (main phase; absent in older results). */
  videoStreaming?: VideoMemoryResult | null;
  /** The certificate PDF's single requests (main phase; absent in older results). */
  certificatePdf?: CertificatePdfResult | null;
  lighthouse: LighthouseRun[];
  firstLoadJs: RouteJs[];
  /** The bare Next page's first-load JS (scripts/bench/bare-next.ts), the baseline of the budget; absent in older results. */
  bareNextJs?: { nextVersion: string; route: RouteJs } | null;
  /** The pages Lighthouse audits (whether it ran or not), English and Bengali; absent in older results. */
  auditedPages?: { page: string; path: string }[];
  /** External scripts of the served HTML of the audited pages, as a cross-check of firstLoadJs. */
  servedJs: { page: string; path: string; files: number; rawBytes: number; gzipBytes: number }[];
  notes: string[];
};
