import JSONRPC

extension JSONValue {
    /// This value without the member or element at `path`; unchanged when nothing is there.
    func removing(_ path: [FieldPathStep]) -> JSONValue {
        guard let first = path.first else { return self }
        let rest = Array(path.dropFirst())
        switch (self, first) {
        case (.object(var object), .key(let key)):
            guard let inner = object[key] else { return self }
            if rest.isEmpty {
                _ = object.removeValue(forKey: key)
            } else {
                object[key] = inner.removing(rest)
            }
            return .object(object)
        case (.array(var elements), .index(let index)) where elements.indices.contains(index):
            if rest.isEmpty {
                elements.remove(at: index)
            } else {
                elements[index] = elements[index].removing(rest)
            }
            return .array(elements)
        default:
            return self
        }
    }
}
