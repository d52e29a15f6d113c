import JSONRPC
import TransitionEngine
import TransitionProtocol

/// The result of `transition/sample`: one frame of the transition at a given time or
/// progress.
struct SampleResult: JSONEncodable {
    var sample: AnimatorSample
    var contentOffset: Point
    var contentSize: Size
    var accessory: [CustomValue]
    /// Nil for a hypothetical transition, which never existed.
    var transition: Int?
    var attributes: AttributeColumns
    var format: AttributeFormat
    var kinds: ElementKindTable

    func encode(to w: inout JSONByteWriter) {
        w.beginObject()
        w.writeKey("fraction")
        w.write(sample.fraction)
        w.writeKey("progress")
        w.write(sample.progress)
        w.write("contentOffset", point: contentOffset)
        w.write("contentSize", size: contentSize)
        w.write(accessory: accessory)
        if let transition { w.write(transition: transition) }
        w.writeKey("attributes")
        AttributeWriter.write(attributes, format: format, kinds: kinds, to: &w)
        w.endObject()
    }
}
