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

    /// Element `a`'s value; `state` is its index into the tick's `states`. The next
    /// frame is its own frame where it has none, the transform the identity.
    func value(of a: LayoutAttributes, state: Int) -> Double {
        let next = a.nextFrame ?? a.frame
        let t = a.transform ?? .identity
        switch self {
        case .kind: return Double(a.kind.code)
        case .section: return Double(a.indexPath.section)
        case .item: return Double(a.indexPath.item)
        case .x: return a.frame.minX
        case .y: return a.frame.minY
        case .width: return a.frame.size.width
        case .height: return a.frame.size.height
        case .alpha: return a.alpha
        case .zIndex: return Double(a.zIndex)
        case .transitionProgress: return a.transitionProgress
        case .nextX: return next.minX
        case .nextY: return next.minY
        case .nextWidth: return next.size.width
        case .nextHeight: return next.size.height
        case .layoutState: return Double(state)
        case .transformA: return t.a
        case .transformB: return t.b
        case .transformC: return t.c
        case .transformD: return t.d
        case .transformTx: return t.tx
        case .transformTy: return t.ty
        }
    }
}
