import JSONRPC

/// What a valid document's transition is, from the answers to its requests: its
/// duration and the content sizes and offsets at both ends.
struct DocumentSummary {
    var created: JSONValue
    var started: JSONValue

    var json: JSONValue {
        var object = JSONObject()
        object["duration"] = started["duration"]
        object["fromContentSize"] = created["contentSize"]
        object["toContentSize"] = started["toContentSize"]
        object["fromContentOffset"] = created["contentOffset"]
        object["toContentOffset"] = started["toContentOffset"]
        return .object(object)
    }
}
