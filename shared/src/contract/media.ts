import { z } from 'zod';

/**
 * Responses whose body is not JSON, declared under the media type they are sent with, so the
 * OpenAPI document says what a client gets (an `application/json` string would tell it to parse
 * a PDF as JSON). A route sets the same type on its reply; the response tests hold both together.
 */
export function mediaResponse(description: string, content: Record<string, z.ZodType>) {
  return {
    description,
    content: Object.fromEntries(Object.entries(content).map(([type, schema]) => [type, { schema }])) as Record<string, { schema: z.ZodType }>,
  };
}

/** A PDF's bytes (`application/pdf`). */
export const PdfBytes = z.string().meta({ contentMediaType: 'application/pdf', description: 'The PDF’s bytes.' });

/** Markdown text, UTF-8. */
export const MarkdownText = z.string().meta({ contentMediaType: 'text/markdown', description: 'Markdown, UTF-8.' });

/** A server-sent event stream (`text/event-stream`): events as they happen, until either side ends it. */
export const EventStreamText = z.string().meta({ contentMediaType: 'text/event-stream', description: 'Server-sent events, UTF-8.' });

/** JSON lines (`application/x-ndjson`): one JSON document per line. */
export const JsonLinesText = z.string().meta({ contentMediaType: 'application/x-ndjson', description: 'One JSON document per line, UTF-8.' });

/** A stream operation's 200: `text/event-stream`, as `description` tells. */
export const eventStreamResponse = (description: string) => mediaResponse(description, { 'text/event-stream': EventStreamText });
