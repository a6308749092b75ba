/** Yields the items of every stream as they come, whichever stream they come from; ends when all have ended. */
export async function* mergedStreams<Item>(streams: ReadonlyArray<AsyncIterator<Item>>): AsyncGenerator<Item> {
  const pending = new Map<number, Promise<{ index: number; result: IteratorResult<Item> }>>();
  const next = (index: number) =>
    pending.set(
      index,
      streams[index]!.next().then((result) => ({ index, result })),
    );
  streams.forEach((_, index) => next(index));
  while (pending.size > 0) {
    const { index, result } = await Promise.race(pending.values());
    if (result.done) pending.delete(index);
    else {
      next(index);
      yield result.value;
    }
  }
}
