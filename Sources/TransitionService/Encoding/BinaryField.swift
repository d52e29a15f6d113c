import TransitionEngine

/// The per-element columns of a binary tick (Protocol 8.3), in the header's order. Rects
/// are four columns each, so a size every element shares is one number; transforms are
/// six, present only when some element has one.
enum BinaryField: CaseIterable {
    case kind, section, item, x, y, width, height, alpha, zIndex, transitionProgress
    case nextX, nextY, nextWidth, nextHeight, layoutState
    case transformA, transformB, transformC, transformD, transformTx, transformTy

    var key: StaticString {
        switch self {
        case .kind: return "kind"
        case .section: return "section"
        case .item: return "item"
        case .x: return "x"
        case .y: return "y"
        case .width: return "width"
        case .height: return "height"
        case .alpha: return "alpha"
        case .zIndex: return "zIndex"
        case .transitionProgress: return "transitionProgress"
        case .nextX: return "nextX"
        case .nextY: return "nextY"
        case .nextWidth: return "nextWidth"
        case .nextHeight: return "nextHeight"
        case .layoutState: return "layoutState"
        case .transformA: return "transformA"
        case .transformB: return "transformB"
        case .transformC: return "transformC"
        case .transformD: return "transformD"
        case .transformTx: return "transformTx"
        case .transformTy: return "transformTy"
        }
    }

    var isInteger: Bool {
        switch self {
        case .kind, .section, .item, .zIndex, .layoutState: return true
        default: return false
        }
    }

    var isTransform: Bool {
        switch self {
        case .transformA, .transformB, .transformC, .transformD, .transformTx, .transformTy:
            return true
        default: return false
        }
    }

    /// Every element's value, read in place, into `values` (emptied first); `states`
    /// holds each element's index into the tick's `states`. The next frame is an
    /// element's own frame where it has none, the transform the identity. One loop per
    /// field, so that no element asks which field it is.
    func gather(
        from list: UnsafeBufferPointer<LayoutAttributes>, states: [Int], into values: inout [Double]
    ) {
        values.removeAll(keepingCapacity: true)
        switch self {
        case .kind: for i in list.indices { values.append(Double(list[i].key.kind.code)) }
        case .section:
            for i in list.indices { values.append(Double(list[i].key.indexPath.section)) }
        case .item: for i in list.indices { values.append(Double(list[i].key.indexPath.item)) }
        case .x: for i in list.indices { values.append(list[i].frame.minX) }
        case .y: for i in list.indices { values.append(list[i].frame.minY) }
        case .width: for i in list.indices { values.append(list[i].frame.size.width) }
        case .height: for i in list.indices { values.append(list[i].frame.size.height) }
        case .alpha: for i in list.indices { values.append(list[i].alpha) }
        case .zIndex: for i in list.indices { values.append(Double(list[i].zIndex)) }
        case .transitionProgress:
            for i in list.indices { values.append(list[i].transitionProgress) }
        case .nextX:
            for i in list.indices { values.append((list[i].nextFrame ?? list[i].frame).minX) }
        case .nextY:
            for i in list.indices { values.append((list[i].nextFrame ?? list[i].frame).minY) }
        case .nextWidth:
            for i in list.indices { values.append((list[i].nextFrame ?? list[i].frame).size.width) }
        case .nextHeight:
            for i in list.indices {
                values.append((list[i].nextFrame ?? list[i].frame).size.height)
            }
        case .layoutState: for s in states { values.append(Double(s)) }
        case .transformA:
            for i in list.indices { values.append((list[i].transform ?? .identity).a) }
        case .transformB:
            for i in list.indices { values.append((list[i].transform ?? .identity).b) }
        case .transformC:
            for i in list.indices { values.append((list[i].transform ?? .identity).c) }
        case .transformD:
            for i in list.indices { values.append((list[i].transform ?? .identity).d) }
        case .transformTx:
            for i in list.indices { values.append((list[i].transform ?? .identity).tx) }
        case .transformTy:
            for i in list.indices { values.append((list[i].transform ?? .identity).ty) }
        }
    }
}
