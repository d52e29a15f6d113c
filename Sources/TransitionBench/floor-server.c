// The floor: the least any LSP-framed JSON-RPC server can do on this machine. It frames
// replies without parsing JSON (it finds the "id" and the "method" by scanning), answers
// `initialize` with empty capabilities, `shutdown` with null, every other request with
// -32601, and exits on `exit` or end of input. TransitionBench measures it beside
// transitiond and the LSP servers, in the same run and with the same client.
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static char input[1 << 20];
static size_t inputLength;
static char output[1 << 20];
static size_t outputLength;

static void flushOutput(void) {
    size_t offset = 0;
    while (offset < outputLength) {
        ssize_t n = write(1, output + offset, outputLength - offset);
        if (n <= 0) exit(1);
        offset += (size_t)n;
    }
    outputLength = 0;
}

/// The text of the member `key` ("id" or "method") at the top of `body`, found by
/// scanning for `"key":`; a server that parses nothing cannot do less.
static const char *member(const char *body, size_t length, const char *key, size_t *valueLength) {
    size_t keyLength = strlen(key);
    for (size_t i = 0; i + keyLength + 3 <= length; i++) {
        if (body[i] != '"' || memcmp(body + i + 1, key, keyLength) != 0 || body[i + 1 + keyLength] != '"') continue;
        size_t j = i + keyLength + 2;
        while (j < length && (body[j] == ' ' || body[j] == ':')) j++;
        size_t end = j;
        if (end < length && body[end] == '"') {
            end++;
            while (end < length && body[end] != '"') end++;
            end++;
        } else {
            while (end < length && body[end] != ',' && body[end] != '}') end++;
        }
        *valueLength = end - j;
        return body + j;
    }
    return NULL;
}

static void reply(const char *id, size_t idLength, const char *rest) {
    char body[512];
    int bodyLength = snprintf(body, sizeof body, "{\"jsonrpc\":\"2.0\",\"id\":%.*s,%s}", (int)idLength, id, rest);
    if (outputLength + (size_t)bodyLength + 64 > sizeof output) flushOutput();
    outputLength += (size_t)sprintf(output + outputLength, "Content-Length: %d\r\n\r\n", bodyLength);
    memcpy(output + outputLength, body, (size_t)bodyLength);
    outputLength += (size_t)bodyLength;
}

static void handle(const char *body, size_t length) {
    size_t idLength = 0, methodLength = 0;
    const char *id = member(body, length, "id", &idLength);
    const char *method = member(body, length, "method", &methodLength);
    if (method && methodLength == 6 && memcmp(method, "\"exit\"", 6) == 0) {
        flushOutput();
        exit(0);
    }
    if (!id) return;
    if (method && methodLength == 12 && memcmp(method, "\"initialize\"", 12) == 0) {
        reply(id, idLength, "\"result\":{\"capabilities\":{}}");
    } else if (method && methodLength == 10 && memcmp(method, "\"shutdown\"", 10) == 0) {
        reply(id, idLength, "\"result\":null");
    } else {
        reply(id, idLength, "\"error\":{\"code\":-32601,\"message\":\"Method not found\"}");
    }
}

int main(void) {
    for (;;) {
        ssize_t n = read(0, input + inputLength, sizeof input - inputLength);
        if (n <= 0) break;
        inputLength += (size_t)n;
        size_t start = 0;
        for (;;) {
            const char *headerEnd = memmem(input + start, inputLength - start, "\r\n\r\n", 4);
            if (!headerEnd) break;
            const char *lengthField = memmem(input + start, (size_t)(headerEnd - input) - start, "Content-Length:", 15);
            if (!lengthField) return 1;
            size_t bodyLength = strtoul(lengthField + 15, NULL, 10);
            size_t bodyStart = (size_t)(headerEnd - input) + 4;
            if (bodyStart + bodyLength > inputLength) break;
            handle(input + bodyStart, bodyLength);
            start = bodyStart + bodyLength;
        }
        flushOutput();
        memmove(input, input + start, inputLength - start);
        inputLength -= start;
        if (inputLength == sizeof input) return 1;
    }
    flushOutput();
    return 0;
}
