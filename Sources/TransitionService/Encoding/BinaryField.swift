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

    /// Every element's value into `values` (emptied first). The next frame is an
    /// element's own frame where it has none, the transform the identity. One loop per
    /// field, so that no element asks which field it is.
    func gather(from list: AttributeColumns, into values: inout [Double]) {
        values.removeAll(keepingCapacity: true)
        switch self {
        case .kind: for k in list.keys { values.append(Double(k.kind.code)) }
        case .section: for k in list.keys { values.append(Double(k.indexPath.section)) }
        case .item: for k in list.keys { values.append(Double(k.indexPath.item)) }
        case .x: for r in list.frames { values.append(r.minX) }
        case .y: for r in list.frames { values.append(r.minY) }
        case .width: for r in list.frames { values.append(r.size.width) }
        case .height: for r in list.frames { values.append(r.size.height) }
        case .alpha:
            if list.alphas.isEmpty {
                values.append(contentsOf: repeatElement(1, count: list.count))
            } else {
                values.append(contentsOf: list.alphas)
            }
        case .zIndex:
            if list.zIndices.isEmpty {
                values.append(contentsOf: repeatElement(0, count: list.count))
            } else {
                for z in list.zIndices { values.append(Double(z)) }
            }
        case .transitionProgress: values.append(contentsOf: list.progress)
        case .nextX: for r in list.nextFrames { values.append(r.minX) }
        case .nextY: for r in list.nextFrames { values.append(r.minY) }
        case .nextWidth: for r in list.nextFrames { values.append(r.size.width) }
        case .nextHeight: for r in list.nextFrames { values.append(r.size.height) }
        case .layoutState:
            if list.layoutStates.isEmpty {
                values.append(contentsOf: repeatElement(0, count: list.count))
            } else {
                for s in list.layoutStates { values.append(Double(s)) }
            }
        case .transformA: for x in list.extras { values.append((x.transform ?? .identity).a) }
        case .transformB: for x in list.extras { values.append((x.transform ?? .identity).b) }
        case .transformC: for x in list.extras { values.append((x.transform ?? .identity).c) }
        case .transformD: for x in list.extras { values.append((x.transform ?? .identity).d) }
        case .transformTx: for x in list.extras { values.append((x.transform ?? .identity).tx) }
        case .transformTy: for x in list.extras { values.append((x.transform ?? .identity).ty) }
        }
    }
}
