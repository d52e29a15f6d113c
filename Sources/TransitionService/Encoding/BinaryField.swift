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
        case .kind: for e in list.placements { values.append(Double(e.key.kind.code)) }
        case .section: for e in list.placements { values.append(Double(e.key.indexPath.section)) }
        case .item: for e in list.placements { values.append(Double(e.key.indexPath.item)) }
        case .x: for e in list.placements { values.append(e.frame.minX) }
        case .y: for e in list.placements { values.append(e.frame.minY) }
        case .width: for e in list.placements { values.append(e.frame.size.width) }
        case .height: for e in list.placements { values.append(e.frame.size.height) }
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
        case .transitionProgress: for e in list.placements { values.append(e.progress) }
        case .nextX: for e in list.placements { values.append(e.nextFrame.minX) }
        case .nextY: for e in list.placements { values.append(e.nextFrame.minY) }
        case .nextWidth: for e in list.placements { values.append(e.nextFrame.size.width) }
        case .nextHeight: for e in list.placements { values.append(e.nextFrame.size.height) }
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
