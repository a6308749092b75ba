import * as fs from "node:fs";
import * as path from "node:path";
import { describe, expect, it } from "vitest";
import { parse as parseMigrateOptions } from "../../cli/migrate";
import { parseDevOptions } from "../../cli/dev/options";
import {
  ApiError,
  AuthenticationError,
  BadRequestError,
  ComputePlatformError,
  ConflictError,
  ConnectionError,
  isTransient,
  ManifestError,
  MissingSettingError,
  NotFoundError,
  OutcomeUnknownError,
  PermissionDeniedError,
  QuotaExhaustedError,
  RateLimitError,
  ResponseShapeError,
  ServerError,
  UnprocessableEntityError,
  UserError,
  WaitTimeoutError,
} from "../../provider";
import { ExpressionError } from "../../provider/manifest/expression";
import { getPod } from "../../provider/functions/pods";
import { refuseReplacingAdopted } from "../../provider/resources/lifecycle/diffResult";

const request = { method: "GET", path: "/v2/pods" };
const problem = (status: number) => ({ title: "T", status, detail: "D" });

describe("one root for every error the package throws on purpose", () => {
  it.each([
    { error: new ApiError(problem(418), request, undefined), kind: ApiError, name: "ApiError" },
    { error: new BadRequestError(problem(400), request, undefined), kind: ApiError, name: "BadRequestError" },
    { error: new AuthenticationError(problem(401), request, undefined), kind: ApiError, name: "AuthenticationError" },
    { error: new PermissionDeniedError(problem(403), request, undefined), kind: ApiError, name: "PermissionDeniedError" },
    { error: new NotFoundError(problem(404), request, undefined), kind: ApiError, name: "NotFoundError" },
    { error: new ConflictError(problem(409), request, undefined), kind: ApiError, name: "ConflictError" },
    { error: new UnprocessableEntityError(problem(422), request, undefined), kind: ApiError, name: "UnprocessableEntityError" },
    { error: new RateLimitError(problem(429), request, undefined, 3), kind: ApiError, name: "RateLimitError" },
    { error: new ServerError(problem(503), request, undefined), kind: ApiError, name: "ServerError" },
    { error: new ConnectionError(request, new Error("reset")), kind: ConnectionError, name: "ConnectionError" },
    { error: new OutcomeUnknownError(request, new Error("reset")), kind: ConnectionError, name: "OutcomeUnknownError" },
    { error: new ResponseShapeError(request, "id: Required"), kind: ResponseShapeError, name: "ResponseShapeError" },
    { error: new QuotaExhaustedError("day", 7200), kind: QuotaExhaustedError, name: "QuotaExhaustedError" },
    { error: new WaitTimeoutError("pod p1", "RUNNING", "PROVISIONING", 60), kind: WaitTimeoutError, name: "WaitTimeoutError" },
    { error: new MissingSettingError("apiKey"), kind: MissingSettingError, name: "MissingSettingError" },
    { error: new ManifestError([]), kind: ManifestError, name: "ManifestError" },
    { error: new ExpressionError("invalid reference"), kind: ExpressionError, name: "Error" },
    { error: new UserError("templateId: there is no template"), kind: UserError, name: "UserError" },
  ])("$name is a ComputePlatformError and an Error", ({ error, kind, name }) => {
    expect(error).toBeInstanceOf(kind);
    expect(error).toBeInstanceOf(ComputePlatformError);
    expect(error).toBeInstanceOf(Error);
    expect(error.name).toBe(name);
  });

  it("a wait that a fault outlasted names it, and keeps it as the cause", () => {
    const fault = new RateLimitError(problem(429), request, "r1", 3);
    const error = new WaitTimeoutError("pod p1", "RUNNING", "not listed yet", 120, fault);
    expect(error.message).toBe(
      `pod p1 did not become RUNNING within 120s (last seen: not listed yet); the last look failed: ${fault.message}`,
    );
    expect(error.cause).toBe(fault);
  });
});

describe("a refusal meant for the user is a UserError with the exact message", () => {
  const rejection = async (refuse: () => unknown): Promise<unknown> => {
    try {
      await refuse();
    } catch (error) {
      return error;
    }
    throw new Error("expected a refusal");
  };

  it.each([
    { area: "CLI usage", refuse: () => parseDevOptions(["--port", "0"]), message: '--port must be an integer from 1 to 65535; got "0"' },
    { area: "CLI usage", refuse: () => parseMigrateOptions([]), message: "expects the v1 JSON file to read, or - for standard input" },
    {
      area: "adopt",
      refuse: () => refuseReplacingAdopted('pod "trainer"', "p1", "p1", ["imageName"]),
      message:
        'pod "trainer" p1 was adopted and imageName cannot change in place. Replacing it would delete the adopted resource and adopt ' +
        "it again; remove `adopt` from its arguments to let Pulumi create a new one and delete the old one.",
    },
    // Refused before the client is built: no API call is sent.
    {
      area: "a function's argument",
      refuse: () => getPod({ id: "" }),
      message: "getPod: invalid arguments: id: Too small: expected string to have >=1 characters",
    },
  ])("$area: $message", async ({ refuse, message }) => {
    const error = await rejection(refuse);
    expect(error).toBeInstanceOf(UserError);
    expect((error as UserError).message).toBe(message);
  });
});

describe("every error class of the package is under the root", () => {
  const root = path.resolve(__dirname, "../..");
  const sources = ["cli", "provider", "automation"].flatMap((folder) =>
    (fs.readdirSync(path.join(root, folder), { recursive: true }) as string[])
      .filter((file) => file.endsWith(".ts"))
      .map((file) => path.join(folder, file)),
  );

  it("scans the source", () => {
    expect(sources).toContain(path.join("provider", "errors.ts"));
    expect(sources).toContain(path.join("cli", "dev", "gateway.ts"));
  });

  it("no class but ComputePlatformError extends Error directly", () => {
    const direct = sources.flatMap((file) =>
      [...fs.readFileSync(path.join(root, file), "utf8").matchAll(/\bclass\s+(\w+)[^{]*?\bextends\s+Error\b/g)].map(
        (match) => `${file}: ${match[1]}`,
      ),
    );
    expect(direct).toEqual([`${path.join("provider", "errors.ts")}: ComputePlatformError`]);
  });
});

describe("isTransient", () => {
  it.each([
    { label: "a 429", error: new RateLimitError(problem(429), request, undefined, 3), transient: true },
    { label: "a 503", error: new ServerError(problem(503), request, undefined), transient: true },
    { label: "a dropped connection", error: new ConnectionError(request, new Error("reset")), transient: true },
    { label: "a POST whose outcome is unknown", error: new OutcomeUnknownError(request, new Error("reset")), transient: false },
    { label: "a spent day", error: new QuotaExhaustedError("day", 7200), transient: false },
    { label: "a 401", error: new AuthenticationError(problem(401), request, undefined), transient: false },
    { label: "a 404", error: new NotFoundError(problem(404), request, undefined), transient: false },
    { label: "a body of the wrong shape", error: new ResponseShapeError(request, "id: Required"), transient: false },
    { label: "a bug", error: new TypeError("x is undefined"), transient: false },
  ])("$label: $transient", ({ error, transient }) => {
    expect(isTransient(error)).toBe(transient);
  });
});
