/** A server-sent event stream read as a client reads it, for the tests of live streams. */
export interface SseEvent {
  id?: string;
  event: string;
  data: unknown;
}

/** Reads a server-sent event stream into `events` until aborted or ended. */
export async function follow(url: string, headers: Record<string, string>, events: SseEvent[], signal: AbortSignal): Promise<number> {
  const res = await fetch(url, { headers, signal });
  if (res.status !== 200) return res.status;
  void (async () => {
    let buffer = '';
    const decoder = new TextDecoder();
    try {
      for await (const chunk of res.body!) {
        buffer += decoder.decode(chunk as Uint8Array, { stream: true });
        for (let at = buffer.indexOf('\n\n'); at >= 0; at = buffer.indexOf('\n\n')) {
          const block = buffer.slice(0, at);
          buffer = buffer.slice(at + 2);
          const e: Partial<SseEvent> & { data?: string } = {};
          for (const line of block.split('\n')) {
            const [field, ...rest] = line.split(':');
            const value = rest.join(':').replace(/^ /, '');
            if (field === 'id') e.id = value;
            else if (field === 'event') e.event = value;
            else if (field === 'data') e.data = value;
          }
          if (e.event) events.push({ ...(e.id ? { id: e.id } : {}), event: e.event, data: JSON.parse(e.data as string) });
        }
      }
    } catch {
      // aborted
    }
  })();
  return res.status;
}

