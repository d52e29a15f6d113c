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

    /// Element `i`'s value, read in place; `state` is its index into the tick's
    /// `states`. The next frame is its own frame where it has none, the transform the
    /// identity. Kept out of line: one copy of the switch for every column.
    @inline(never)
    func value(in list: UnsafeBufferPointer<LayoutAttributes>, at i: Int, state: Int) -> Double {
        switch self {
        case .kind: return Double(list[i].kind.code)
        case .section: return Double(list[i].indexPath.section)
        case .item: return Double(list[i].indexPath.item)
        case .x: return list[i].frame.minX
        case .y: return list[i].frame.minY
        case .width: return list[i].frame.size.width
        case .height: return list[i].frame.size.height
        case .alpha: return list[i].alpha
        case .zIndex: return Double(list[i].zIndex)
        case .transitionProgress: return list[i].transitionProgress
        case .nextX: return (list[i].nextFrame ?? list[i].frame).minX
        case .nextY: return (list[i].nextFrame ?? list[i].frame).minY
        case .nextWidth: return (list[i].nextFrame ?? list[i].frame).size.width
        case .nextHeight: return (list[i].nextFrame ?? list[i].frame).size.height
        case .layoutState: return Double(state)
        case .transformA: return (list[i].transform ?? .identity).a
        case .transformB: return (list[i].transform ?? .identity).b
        case .transformC: return (list[i].transform ?? .identity).c
        case .transformD: return (list[i].transform ?? .identity).d
        case .transformTx: return (list[i].transform ?? .identity).tx
        case .transformTy: return (list[i].transform ?? .identity).ty
        }
    }
}
