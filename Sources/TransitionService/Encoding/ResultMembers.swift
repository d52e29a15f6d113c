import JSONRPC
import TransitionEngine

// Members that several results write the same way.

extension JSONByteWriter {
    /// `"key": {"x", "y"}`, exact.
    mutating func write(_ key: StaticString, point: Point) {
        writeKey(key)
        PointPayload(point: point).encode(to: &self)
    }

    /// `"key": {"width", "height"}`.
    mutating func write(_ key: StaticString, size: Size) {
        writeKey(key)
        beginObject()
        writeKey("width")
        write(size.width)
        writeKey("height")
        write(size.height)
        endObject()
    }

    /// `"contentSize": {...}, "contentOffset": {...}`: where a session's layout rests.
    mutating func write(contentSize: Size, contentOffset: Point) {
        write("contentSize", size: contentSize)
        write("contentOffset", point: contentOffset)
    }

    /// `"transition": "t<id>"`.
    mutating func write(transition id: Int) {
        writeKey("transition")
        write("t\(id)")
    }

    /// `"accessory": {name: value}`, only when there is at least one accessory value.
    mutating func write(accessory: [CustomValue]) {
        guard !accessory.isEmpty else { return }
        writeKey("accessory")
        beginObject()
        for v in accessory {
            writeKey(v.name)
            AttributeWriter.writeValue(v.value, to: &self)
        }
        endObject()
    }
}
