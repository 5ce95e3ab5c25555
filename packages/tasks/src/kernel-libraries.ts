// Libraries that load compute kernels published on the hub (kernel repos rather than models).
import { py } from "./library-snippets/helpers.js";

/** What the hub shows for one kernel-loading library. */
export interface KernelLibraryUiElement {
  prettyLabel: string;
  repoName: string;
  repoUrl: string;
  docsUrl?: string;
  /** Code that loads the kernel repo `kernelId` (a major `version` when given). */
  snippets?: (kernelId: string, version?: number) => string[];
}

export const KERNEL_LIBRARIES_UI_ELEMENTS = {
  kernels: {
    prettyLabel: "Kernels",
    repoName: "Kernels",
    repoUrl: "https://github.com/huggingface/kernels",
    docsUrl: "https://huggingface.co/docs/kernels",
    snippets: (kernelId: string, version?: number) => [
      `# !pip install kernels

from kernels import get_kernel

kernel = get_kernel(${py(kernelId)}${version === undefined ? "" : `, version=${version}`})`,
    ],
  },
} satisfies Record<string, KernelLibraryUiElement>;

export type KernelLibraryKey = keyof typeof KERNEL_LIBRARIES_UI_ELEMENTS;
