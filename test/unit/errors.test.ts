import { describe, expect, it } from "vitest";
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
    expect(error.message).toBe(`pod p1 did not become RUNNING within 120s (last seen: not listed yet); the last look failed: ${fault.message}`);
    expect(error.cause).toBe(fault);
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
