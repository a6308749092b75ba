import * as functions from "../functions";

type AllExports = typeof functions;

/** The name of every data function: an exported `get…` that is not the `…Output` form. */
export type DataFunctionName = {
  [Name in keyof AllExports]: Name extends `get${string}Output` ? never : Name extends `get${string}` ? Name : never;
}[keyof AllExports];

/** A data function as an invoke serves it: plain arguments in, a plain object out. */
export type DataFunction = (args: Record<string, unknown>) => Promise<object>;

/** Each data function's arguments and result; the Pulumi package schema is generated from this type. */
export type PluginFunctionTypes = {
  [Name in DataFunctionName]: AllExports[Name] extends (args: infer Args) => Promise<infer Result>
    ? { args: NonNullable<Args>; result: Result }
    : never;
};

const isDataFunction = (name: string): name is DataFunctionName => name.startsWith("get") && !name.endsWith("Output");

/** Every data function by name: the invoke token is `computeplatform:index:<name>`. */
export const dataFunctions: ReadonlyMap<string, DataFunction> = new Map(
  Object.entries(functions)
    .filter(([name, value]) => isDataFunction(name) && typeof value === "function")
    .map(([name, value]) => [name, value as DataFunction]),
);
