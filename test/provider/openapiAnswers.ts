import Ajv2020, { type ValidateFunction } from "ajv/dist/2020";
import { Agent, type Dispatcher } from "undici";

/** One answer as it came over the wire. */
export interface WireAnswer {
  method: string;
  /** Path with its query string. */
  path: string;
  status: number;
  contentType: string;
  text: string;
}

/**
 * An undici dispatcher that hands every answer it receives, whole, to `record`, and passes it on unchanged: the
 * client under test runs as it always does, and the test sees exactly what the server sent. (undici hands an
 * interceptor its handler already in the current handler interface.)
 */
export function recordingDispatcher(record: (answer: WireAnswer) => void): Dispatcher {
  return new Agent().compose((dispatch) => (options, handler) => {
    const chunks: Buffer[] = [];
    let status = 0;
    let contentType = "";
    const recorder: Dispatcher.DispatchHandler = {
      onRequestStart: (controller, context) => handler.onRequestStart?.(controller, context),
      onRequestUpgrade: (controller, statusCode, headers, socket) => handler.onRequestUpgrade?.(controller, statusCode, headers, socket),
      onResponseStart: (controller, statusCode, headers, message) => {
        status = statusCode;
        contentType = String(headers["content-type"] ?? "").split(";")[0] ?? "";
        return handler.onResponseStart?.(controller, statusCode, headers, message);
      },
      onResponseData: (controller, chunk) => {
        chunks.push(chunk);
        return handler.onResponseData?.(controller, chunk);
      },
      onResponseEnd: (controller, trailers) => {
        record({ method: options.method, path: options.path, status, contentType, text: Buffer.concat(chunks).toString("utf8") });
        return handler.onResponseEnd?.(controller, trailers);
      },
      onResponseError: (controller, error) => handler.onResponseError?.(controller, error),
    };
    return dispatch(options, recorder);
  });
}

interface DocumentedResponse {
  $ref?: string;
  content?: Record<string, unknown>;
}

/** The parts of an OpenAPI document the check reads. */
export interface OpenApiDocument {
  paths: Record<string, Record<string, { responses: Record<string, DocumentedResponse> }>>;
}

/**
 * Checks wire answers against an OpenAPI 3.1 document: the operation its path and method name, a response listed for
 * its status and content type, and a body that matches that response's schema.
 */
export class OpenApiAnswers {
  private readonly ajv = new Ajv2020({ strict: false, validateFormats: false, allErrors: true });
  private readonly validators = new Map<string, ValidateFunction>();
  private readonly templates: Array<{ template: string; pattern: RegExp; literals: number }>;

  constructor(private readonly document: OpenApiDocument) {
    this.ajv.addSchema(document, "openapi.json");
    this.templates = Object.keys(document.paths).map((template) => ({
      template,
      // `{path}` is a load-balanced worker's own path, slashes included; every other parameter is one segment.
      pattern: new RegExp(`^${template.replace(/\{path\}/g, ".+").replace(/\{[^}]+\}/g, "[^/]+")}$`),
      literals: template.split("/").filter((segment) => segment !== "" && !segment.startsWith("{")).length,
    }));
  }

  /** What is wrong with an answer, or undefined when the document describes it exactly. */
  problemWith(answer: WireAnswer): string | undefined {
    const where = `${answer.method} ${answer.path} answered ${answer.status} ${answer.contentType}`.trimEnd();
    const pathname = answer.path.split("?")[0] ?? "";
    const [match] = this.templates.filter((t) => t.pattern.test(pathname)).sort((a, b) => b.literals - a.literals);
    const operation = match && this.document.paths[match.template]?.[answer.method.toLowerCase()];
    if (!match || !operation) return `${where}: no documented operation`;
    const listed = operation.responses[String(answer.status)];
    if (!listed) return `${where}: status not documented for ${answer.method} ${match.template}`;
    // A response is written in place, or refers to a shared one under `#/components/responses`.
    const responsePath =
      typeof listed.$ref === "string"
        ? listed.$ref
            .replace(/^#\//, "")
            .split("/")
            .map((segment) => segment.replaceAll("~1", "/").replaceAll("~0", "~"))
        : ["paths", match.template, answer.method.toLowerCase(), "responses", String(answer.status)];
    const response = responsePath.reduce<any>((node, segment) => node?.[segment], this.document) as DocumentedResponse;
    if (response.content === undefined) return answer.text === "" ? undefined : `${where}: a body where none is documented`;
    if (!(answer.contentType in response.content)) return `${where}: content type not documented`;
    const pointer = [...responsePath, "content", answer.contentType, "schema"]
      .map((segment) => encodeURIComponent(segment.replaceAll("~", "~0").replaceAll("/", "~1")))
      .join("/");
    const validate = this.validator(`openapi.json#/${pointer}`);
    if (validate(JSON.parse(answer.text))) return undefined;
    return `${where}: ${this.ajv.errorsText(validate.errors)} in ${answer.text}`;
  }

  private validator(ref: string): ValidateFunction {
    let validate = this.validators.get(ref);
    if (validate === undefined) {
      validate = this.ajv.compile({ $ref: ref });
      this.validators.set(ref, validate);
    }
    return validate;
  }
}
