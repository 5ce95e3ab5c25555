// Coding agents and agent harnesses that can call hub tools, and how each one is recognised from the
// environment variables it sets in the shells it runs. Ids, names, URLs and variables are facts;
// the descriptions are ours.

/** One agent harness (an editor, a CLI or a hosted agent that drives a model). */
export interface AgentHarness {
  /** Display name. */
  prettyLabel: string;
  /** Source repository, for open-source harnesses. */
  repoUrl?: string;
  /** Home page or documentation. */
  docsUrl?: string;
  /** One line on what it is. */
  description?: string;
  /**
   * Environment variables the harness sets in the processes it starts, mapped to the value that
   * identifies it: `"*"` means any value (the variable being set is enough), `"<prefix>*"` a value
   * starting with that prefix, anything else that exact value. Without it, the harness is only
   * recognised through STANDARD_AGENT_ENV_VARS.
   */
  envVars?: Record<string, string>;
}

/**
 * Variables any tool may set to name itself: the value is taken as an AGENT_HARNESSES key (an
 * unknown value counts as "unknown").
 */
export const STANDARD_AGENT_ENV_VARS = ["AI_AGENT", "AGENT"] as const;

export const AGENT_HARNESSES = {
  antigravity: {
    prettyLabel: "Antigravity",
    docsUrl: "https://antigravity.google",
    description: "Google's agent-first development environment, driven by Gemini models.",
    envVars: { ANTIGRAVITY_AGENT: "*" },
  },
  "augment-cli": {
    prettyLabel: "Augment CLI",
    repoUrl: "https://github.com/augmentcode/auggie",
    docsUrl: "https://www.augmentcode.com",
    description: "Auggie: Augment Code's coding agent for the terminal.",
    envVars: { AUGMENT_AGENT: "*" },
  },
  cline: {
    prettyLabel: "Cline",
    repoUrl: "https://github.com/cline/cline",
    docsUrl: "https://cline.bot",
    description: "Open-source coding agent that runs inside the editor and asks before it acts.",
    envVars: { CLINE_ACTIVE: "*" },
  },
  cowork: {
    prettyLabel: "Cowork",
    docsUrl: "https://claude.com/product/cowork",
    description: "Anthropic's desktop agent for everyday knowledge work, built on Claude Code.",
    envVars: { CLAUDE_CODE_IS_COWORK: "*" },
  },
  "claude-code": {
    prettyLabel: "Claude Code",
    repoUrl: "https://github.com/anthropics/claude-code",
    docsUrl: "https://code.claude.com/docs",
    description: "Anthropic's agentic coding tool for the terminal and editors.",
    envVars: { CLAUDECODE: "*", CLAUDE_CODE: "*" },
  },
  codex: {
    prettyLabel: "Codex",
    repoUrl: "https://github.com/openai/codex",
    docsUrl: "https://developers.openai.com/codex",
    description: "OpenAI's coding agent, as a CLI, an editor extension and a cloud service.",
    envVars: { CODEX_SANDBOX: "*", CODEX_CI: "*", CODEX_THREAD_ID: "*" },
  },
  crush: {
    prettyLabel: "Crush",
    repoUrl: "https://github.com/charmbracelet/crush",
    docsUrl: "https://github.com/charmbracelet/crush",
    description: "Charm's terminal coding agent, usable with many model providers.",
    envVars: { CRUSH: "*" },
  },
  "gemini-cli": {
    prettyLabel: "Gemini CLI",
    repoUrl: "https://github.com/google-gemini/gemini-cli",
    docsUrl: "https://geminicli.com",
    description: "Google's open-source agent that brings Gemini to the command line.",
    envVars: { GEMINI_CLI: "*" },
  },
  "github-copilot": {
    prettyLabel: "GitHub Copilot",
    docsUrl: "https://docs.github.com/copilot",
    description: "GitHub's assistant and coding agent, in editors, the CLI and pull requests.",
    envVars: { COPILOT_MODEL: "*", COPILOT_ALLOW_ALL: "*", COPILOT_GITHUB_TOKEN: "*" },
  },
  goose: {
    prettyLabel: "Goose",
    repoUrl: "https://github.com/aaif-goose/goose",
    docsUrl: "https://goose-docs.ai/",
    description: "Open-source, extensible local agent that automates engineering tasks.",
    envVars: { GOOSE_TERMINAL: "*" },
  },
  "hermes-agent": {
    prettyLabel: "Hermes Agent",
    repoUrl: "https://github.com/NousResearch/hermes-agent",
    docsUrl: "https://hermes-agent.nousresearch.com/docs",
    description: "Nous Research's self-hosted agent with persistent memory and skills.",
    envVars: { HERMES_SESSION_ID: "*" },
  },
  hi: {
    prettyLabel: "hi",
    repoUrl: "https://github.com/PipeNetwork/hi",
    docsUrl: "https://github.com/PipeNetwork/hi#readme",
    description: "A small terminal coding agent from Pipe Network.",
  },
  "kilo-code": {
    prettyLabel: "Kilo Code",
    repoUrl: "https://github.com/Kilo-Org/kilocode",
    docsUrl: "https://kilocode.ai/docs",
    description: "Open-source coding agent for VS Code and JetBrains editors.",
    envVars: { KILOCODE_FEATURE: "*" },
  },
  kiro: {
    prettyLabel: "Kiro",
    docsUrl: "https://kiro.dev",
    description: "An agentic IDE that works from specs to code.",
    envVars: { AGENT_CONTEXT_OUT: "*" },
  },
  openclaw: {
    prettyLabel: "OpenClaw",
    repoUrl: "https://github.com/openclaw/openclaw",
    docsUrl: "https://openclaw.ai",
    description: "Self-hosted personal assistant agent reachable from chat apps.",
    envVars: { OPENCLAW_SHELL: "*" },
  },
  "sandbase-harness": {
    prettyLabel: "SandBase Harness",
    repoUrl: "https://github.com/sandbaseai/sandbase-harness",
    docsUrl: "https://github.com/sandbaseai/sandbase-harness/blob/main/docs/installation.md",
    description: "A harness that runs agents inside sandboxes.",
  },
  opencode: {
    prettyLabel: "opencode",
    repoUrl: "https://github.com/anomalyco/opencode",
    docsUrl: "https://opencode.ai",
    description: "Open-source terminal coding agent that works with any model provider.",
    envVars: { OPENCODE_CLIENT: "*" },
  },
  pi: {
    prettyLabel: "Pi",
    repoUrl: "https://github.com/earendil-works/pi",
    docsUrl: "https://pi.dev",
    description: "A minimal, extensible coding agent for the terminal.",
    envVars: { PI_CODING_AGENT: "*" },
  },
  replit: {
    prettyLabel: "Replit",
    docsUrl: "https://replit.com",
    description: "Browser-based development platform whose agent builds and deploys apps.",
    envVars: { REPL_ID: "*" },
  },
  trae: {
    prettyLabel: "Trae",
    docsUrl: "https://trae.ai",
    description: "An AI-first IDE with a built-in coding agent.",
    envVars: { TRAE_AI_SHELL_ID: "*" },
  },
  vtcode: {
    prettyLabel: "VTCode",
    repoUrl: "https://github.com/vinhnx/VTCode",
    description: "A Rust terminal coding agent that understands code through tree-sitter.",
    envVars: { VTCODE: "1" },
  },
  zed: {
    prettyLabel: "Zed",
    repoUrl: "https://github.com/zed-industries/zed",
    docsUrl: "https://zed.dev",
    description: "A fast collaborative code editor with an agent panel.",
    envVars: { ZED_TERM: "*" },
  },
  "cursor-cli": {
    prettyLabel: "Cursor CLI",
    docsUrl: "https://cursor.com/docs/cli/overview",
    description: "Cursor's agent, run from the terminal.",
    envVars: { CURSOR_AGENT: "*" },
  },
  cursor: {
    prettyLabel: "Cursor",
    docsUrl: "https://cursor.com",
    description: "A code editor built around AI assistance and agents.",
    envVars: { CURSOR_TRACE_ID: "*" },
  },
  devin: {
    prettyLabel: "Devin",
    docsUrl: "https://devin.ai",
    description: "Cognition's autonomous software engineering agent.",
  },
} satisfies Record<string, AgentHarness>;

export type AgentHarnessKey = keyof typeof AGENT_HARNESSES;
