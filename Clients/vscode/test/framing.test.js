'use strict';
// LSP framing without a daemon: Content-Length counts bytes, reads arrive in any pieces.

const test = require('node:test');
const assert = require('node:assert/strict');
const { MessageReader, encodeMessage } = require('../src/client');

function readAll(chunks) {
  const messages = [];
  const errors = [];
  const reader = new MessageReader((m) => messages.push(m), (e) => errors.push(e));
  for (const c of chunks) reader.push(c);
  return { messages, errors };
}

test('Content-Length is the body length in bytes, not characters', () => {
  const message = { jsonrpc: '2.0', method: 'x', params: { label: 'é→🙂' } };
  const framed = encodeMessage(message);
  const text = framed.toString('utf8');
  const [header, body] = text.split('\r\n\r\n');
  assert.equal(header, `Content-Length: ${Buffer.byteLength(body, 'utf8')}`);
  assert.notEqual(Buffer.byteLength(body, 'utf8'), body.length);
  assert.deepEqual(readAll([framed]).messages, [message]);
});

test('a message split at every byte, multibyte characters included, is read whole', () => {
  const a = { jsonrpc: '2.0', id: 1, result: { s: 'ü→🙂' } };
  const b = { jsonrpc: '2.0', method: 'transition/tick', params: { seq: 2 } };
  const bytes = Buffer.concat([encodeMessage(a), encodeMessage(b)]);
  const chunks = [];
  for (let i = 0; i < bytes.length; i++) chunks.push(bytes.subarray(i, i + 1));
  assert.deepEqual(readAll(chunks).messages, [a, b]);
});

test('several messages in one read, and a split header', () => {
  const list = [1, 2, 3].map((id) => ({ jsonrpc: '2.0', id, result: id * 10 }));
  const bytes = Buffer.concat(list.map(encodeMessage));
  assert.deepEqual(readAll([bytes]).messages, list);
  const cut = 7; // inside "Content-Length"
  assert.deepEqual(readAll([bytes.subarray(0, cut), bytes.subarray(cut)]).messages, list);
});

test('other headers and header case are accepted', () => {
  const body = Buffer.from(JSON.stringify({ jsonrpc: '2.0', id: 9, result: null }), 'utf8');
  const framed = Buffer.concat([
    Buffer.from(`content-length: ${body.length}\r\nContent-Type: application/vscode-jsonrpc; charset=utf-8\r\n\r\n`),
    body,
  ]);
  assert.deepEqual(readAll([framed]).messages, [{ jsonrpc: '2.0', id: 9, result: null }]);
});

test('an unparsable body is reported and the stream goes on', () => {
  const bad = Buffer.from('Content-Length: 5\r\n\r\n{oops');
  const good = encodeMessage({ jsonrpc: '2.0', id: 1, result: true });
  const { messages, errors } = readAll([Buffer.concat([bad, good])]);
  assert.equal(errors.length, 1);
  assert.deepEqual(messages, [{ jsonrpc: '2.0', id: 1, result: true }]);
});
