import * as tasks from "./tasks/index.js";
import type { Options } from "./types.js";
import type { DistributiveOmit } from "./utils/distributive-omit.js";

type Task = typeof tasks;

type TaskWithNoAccessToken = {
  [key in keyof Task]: (
    args: DistributiveOmit<Parameters<Task[key]>[0], "accessToken">,
    options?: Parameters<Task[key]>[1],
  ) => ReturnType<Task[key]>;
};

type TaskWithNoAccessTokenNoEndpointUrl = {
  [key in keyof Task]: (
    args: DistributiveOmit<Parameters<Task[key]>[0], "accessToken" | "endpointUrl">,
    options?: Parameters<Task[key]>[1],
  ) => ReturnType<Task[key]>;
};

/** Defines each task function as a non-enumerable method that injects `extra` into its args. */
function bindTasks(target: object, extra: Record<string, unknown>, defaultOptions: Options): void {
  for (const [name, fn] of Object.entries(tasks)) {
    Object.defineProperty(target, name, {
      enumerable: false,
      value: (params: Record<string, unknown>, options?: Options) =>
        // The client's token wins over one in the arguments; per-call options win over defaults.
        (fn as (args: unknown, options?: Options) => unknown)(
          { ...params, ...extra },
          { ...defaultOptions, ...options },
        ),
    });
  }
}

/* eslint-disable @typescript-eslint/no-unsafe-declaration-merging, @typescript-eslint/no-empty-object-type --
   the methods are defined at run time in the constructor; the merged interfaces type them. */

/** A client holding a token and default options; every task function is a method of it. */
export class InferenceClient {
  declare private readonly accessToken: string;
  private readonly defaultOptions: Options;

  constructor(accessToken = "", defaultOptions: Options = {}) {
    // Non-enumerable so the token does not show up when the client is logged or serialized.
    Object.defineProperty(this, "accessToken", { value: accessToken, enumerable: false });
    this.defaultOptions = defaultOptions;
    bindTasks(this, { accessToken }, defaultOptions);
  }

  /** A client bound to a dedicated endpoint, with the same token and options. */
  endpoint(endpointUrl: string): InferenceClientEndpoint {
    return new InferenceClientEndpoint(endpointUrl, this.accessToken, this.defaultOptions);
  }
}

/** A client bound to one endpoint URL (`client.endpoint(url)`). */
export class InferenceClientEndpoint {
  constructor(endpointUrl: string, accessToken = "", defaultOptions: Options = {}) {
    bindTasks(this, { accessToken, endpointUrl }, defaultOptions);
  }
}

export interface InferenceClient extends TaskWithNoAccessToken {}

export interface InferenceClientEndpoint extends TaskWithNoAccessTokenNoEndpointUrl {}

/* eslint-enable @typescript-eslint/no-unsafe-declaration-merging, @typescript-eslint/no-empty-object-type */

/** @deprecated Kept for backward compatibility: use InferenceClient. */
export class HfInference extends InferenceClient {}
