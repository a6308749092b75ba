import { z } from "zod";
import { ApiResource } from "./apiResource";
import type { Query, RequestOptions, Transport } from "./transport";

/**
 * A plain collection of the API, such as `/v2/secrets`: list, read, create, change and delete by id, every answer
 * checked against the schema of one record. A kind whose API has nothing more needs no client class of its own; one
 * with more extends this class with what it adds.
 */
export class CollectionClient<Live, CreateBody, UpdateBody = Partial<CreateBody>> extends ApiResource {
  private readonly listSchema: z.ZodType<Record<string, Live[]>>;

  /**
   * @param basePath The collection, such as `/v2/secrets`.
   * @param listKey The key of the list in the list answer, such as `secrets`.
   * @param schema One record as the API answers it.
   */
  constructor(
    transport: Transport,
    basePath: string,
    private readonly listKey: string,
    private readonly schema: z.ZodType<Live>,
  ) {
    super(transport, basePath);
    this.listSchema = z.object({ [listKey]: z.array(schema) }) as z.ZodType<Record<string, Live[]>>;
  }

  async list(options?: RequestOptions): Promise<Live[]> {
    return this.listWhere({}, options);
  }

  /** The list, narrowed by a query the API filters on. */
  protected async listWhere(query: Query, options?: RequestOptions): Promise<Live[]> {
    return (await this.transport.get(this.basePath, this.listSchema, options, query))[this.listKey]!;
  }

  async get(id: string, options?: RequestOptions): Promise<Live> {
    return this.transport.get(this.at({ id }), this.schema, options);
  }

  async create(body: CreateBody, options?: RequestOptions): Promise<Live> {
    return this.transport.post(this.basePath, body, this.schema, options);
  }

  async update(id: string, body: UpdateBody, options?: RequestOptions): Promise<Live> {
    return this.transport.patch(this.at({ id }), body, this.schema, options);
  }

  async delete(id: string, options?: RequestOptions): Promise<void> {
    return this.transport.delete(this.at({ id }), options);
  }
}
