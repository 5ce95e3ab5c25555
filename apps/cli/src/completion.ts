// `hubkit completion bash|zsh`: a completion script made from the command tree itself, so it never
// goes stale (commands, subcommands and their long options).
import type { Command } from "commander";
import { choice } from "./options.js";

function paths(command: Command, prefix: string[] = []): { path: string[]; words: string[] }[] {
  const subcommands = command.commands.filter((sub) => !(sub as unknown as { _hidden?: boolean })._hidden);
  const words = [
    ...subcommands.map((sub) => sub.name()),
    ...command.options.map((option) => option.long).filter((long): long is string => Boolean(long)),
    "--help",
  ];
  return [{ path: prefix, words }, ...subcommands.flatMap((sub) => paths(sub, [...prefix, sub.name()]))];
}

export function bashCompletion(program: Command): string {
  const cases = paths(program)
    .map(({ path, words }) => `    "${path.join(" ")}") words="${words.join(" ")}" ;;`)
    .join("\n");
  return `# hubkit bash completion: eval "$(hubkit completion bash)" (or save it in ~/.bash_completion)
_hubkit() {
  local cur="\${COMP_WORDS[COMP_CWORD]}" path="" word words i
  for ((i = 1; i < COMP_CWORD; i++)); do
    word="\${COMP_WORDS[i]}"
    [[ "$word" == -* ]] && continue
    case " $(_hubkit_words "\${path# }") " in *" $word "*) path="$path $word" ;; esac
  done
  words="$(_hubkit_words "\${path# }")"
  COMPREPLY=($(compgen -W "$words" -- "$cur"))
  [[ \${#COMPREPLY[@]} -eq 0 ]] && COMPREPLY=($(compgen -f -- "$cur"))
}
_hubkit_words() {
  local words=""
  case "$1" in
${cases}
  esac
  echo "$words"
}
complete -o filenames -F _hubkit hubkit
`;
}

export function registerCompletion(program: Command): void {
  program
    .command("completion")
    .description("print a shell completion script (bash; zsh through bashcompinit)")
    .argument("<shell>", "bash or zsh", choice("SHELL", ["bash", "zsh"] as const))
    .action((shell: "bash" | "zsh") => {
      const script = bashCompletion(program);
      process.stdout.write(
        shell === "zsh" ? `autoload -U +X bashcompinit && bashcompinit\n${script}` : script,
      );
    });
}
