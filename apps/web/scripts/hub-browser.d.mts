import type { HubServer, startHubServer } from "@hubkit/hub";
import type { Browser, Page } from "playwright-core";

export declare const repoRoot: string;
export declare const webDist: string;
export declare function checkBuilt(): void;
export declare function startOfflineHub(
  hubOptions?: Parameters<typeof startHubServer>[0],
  prefix?: string,
): Promise<{ hub: HubServer; dataDir: string; close(): Promise<void> }>;
export declare function launchChromium(): Promise<Browser>;
export declare function overflowing(page: Page, width: number): Promise<string[]>;
