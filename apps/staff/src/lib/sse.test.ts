import { describe, expect, it } from 'vitest';
import { parseSseChunk } from './sse';

describe('parseSseChunk', () => {
  it('splits complete messages, joins multi-line data and keeps the unfinished rest', () => {
    const { messages, rest } = parseSseChunk(
      ': keep-alive\n\nevent: queue\ndata: {"a":1}\n\ndata: line1\ndata: line2\r\n\r\ndata: {"b"',
    );
    expect(messages).toEqual(['{"a":1}', 'line1\nline2']);
    expect(rest).toBe('data: {"b"');
  });

  it('keeps the id of the last complete message, for Last-Event-ID on reconnect', () => {
    expect(parseSseChunk('id: a1\ndata: {}\n\nid: b2\ndata: {}\n\nid: c3\ndata').lastId).toBe('b2');
    expect(parseSseChunk('data: {}\n\n').lastId).toBeUndefined();
  });
});
