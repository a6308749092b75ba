// The baseline of `npm run bench`: a pod provider as a first attempt would write it. Each pod is created with
// a plain POST and then read on its own every 5 s until RUNNING (or, after a DELETE, until gone); a 429 is
// waited out by its Retry-After, a create that finds no capacity is sent again, for the same GPU type, every
// 5 s, and nothing is shared between pods. Pulumi serializes these functions into
// the stack's state, so they use only globals and read the API's address from the provider's environment
// (BENCH_NAIVE_API_URL, BENCH_NAIVE_API_KEY).
import type * as pulumi from "@pulumi/pulumi";

const POLL_MS = 5000;

/** One request, repeated after each 429's Retry-After; 404 is an answer, any other error status throws. */
async function naiveRequest(method: string, path: string, body?: unknown): Promise<{ status: number; json: any }> {
  for (;;) {
    const response = await fetch(`${process.env.BENCH_NAIVE_API_URL}${path}`, {
      method,
      headers: {
        authorization: `Bearer ${process.env.BENCH_NAIVE_API_KEY}`,
        ...(body === undefined ? {} : { "content-type": "application/json" }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const text = await response.text();
    if (response.status === 429) {
      await new Promise((resolve) => setTimeout(resolve, Number(response.headers.get("retry-after") ?? 1) * 1000));
      continue;
    }
    if (response.status === 400 && text.includes("There are no instances available with the requested specifications")) {
      await new Promise((resolve) => setTimeout(resolve, POLL_MS));
      continue;
    }
    if (!response.ok && response.status !== 404) throw new Error(`${method} ${path} failed with ${response.status}: ${text}`);
    return { status: response.status, json: text ? JSON.parse(text) : undefined };
  }
}

export const naivePodProvider: pulumi.dynamic.ResourceProvider = {
  async create(inputs) {
    const { __provider, ...body } = inputs;
    const { json: created } = await naiveRequest("POST", "/v2/pods", body);
    for (;;) {
      await new Promise((resolve) => setTimeout(resolve, POLL_MS));
      const { json: pod } = await naiveRequest("GET", `/v2/pods/${created.id}`);
      if (pod.status === "RUNNING") return { id: pod.id, outs: { ...body, status: pod.status } };
      if (pod.status === "ERROR") throw new Error(`pod ${pod.id} went to ERROR`);
    }
  },

  async delete(id) {
    await naiveRequest("DELETE", `/v2/pods/${id}`);
    for (;;) {
      await new Promise((resolve) => setTimeout(resolve, POLL_MS));
      if ((await naiveRequest("GET", `/v2/pods/${id}`)).status === 404) return;
    }
  },
};
