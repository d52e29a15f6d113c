import TransitionEngine

/// The numbers of an element's shape and content layers (Protocol 8.1-8.3), one per
/// column of a binary tick, in the order the encodings write them. Colours (the
/// border's and the shadow's) are written apart.
enum ShapeField: Int, CaseIterable {
    case cornerRadiusTopLeft, cornerRadiusTopRight, cornerRadiusBottomRight
    case cornerRadiusBottomLeft
    case borderWidth
    case shadowRadius, shadowOpacity, shadowOffsetX, shadowOffsetY
    case contentAlphaOutgoing, contentAlphaIncoming
    case contentScaleOutgoingX, contentScaleOutgoingY, contentScaleIncomingX
    case contentScaleIncomingY

    /// The fields of each member: corner radii, border, shadow, contentAlpha,
    /// contentScale.
    static let groups: [ClosedRange<Int>] = [0...3, 4...4, 5...8, 9...10, 11...14]

    var key: StaticString {
        switch self {
        case .cornerRadiusTopLeft: return "cornerRadiusTopLeft"
        case .cornerRadiusTopRight: return "cornerRadiusTopRight"
        case .cornerRadiusBottomRight: return "cornerRadiusBottomRight"
        case .cornerRadiusBottomLeft: return "cornerRadiusBottomLeft"
        case .borderWidth: return "borderWidth"
        case .shadowRadius: return "shadowRadius"
        case .shadowOpacity: return "shadowOpacity"
        case .shadowOffsetX: return "shadowOffsetX"
        case .shadowOffsetY: return "shadowOffsetY"
        case .contentAlphaOutgoing: return "contentAlphaOutgoing"
        case .contentAlphaIncoming: return "contentAlphaIncoming"
        case .contentScaleOutgoingX: return "contentScaleOutgoingX"
        case .contentScaleOutgoingY: return "contentScaleOutgoingY"
        case .contentScaleIncomingX: return "contentScaleIncomingX"
        case .contentScaleIncomingY: return "contentScaleIncomingY"
        }
    }

    /// The value in `shape`; nil when the element lacks the member. Kept out of line:
    /// one copy of the switch for every column.
    @inline(never)
    func value(_ shape: ElementShape?) -> Double? {
        guard let shape else { return nil }
        switch self {
        case .cornerRadiusTopLeft: return shape.cornerRadius?.topLeft
        case .cornerRadiusTopRight: return shape.cornerRadius?.topRight
        case .cornerRadiusBottomRight: return shape.cornerRadius?.bottomRight
        case .cornerRadiusBottomLeft: return shape.cornerRadius?.bottomLeft
        case .borderWidth: return shape.border?.width
        case .shadowRadius: return shape.shadow?.radius
        case .shadowOpacity: return shape.shadow?.opacity
        case .shadowOffsetX: return shape.shadow?.offset.x
        case .shadowOffsetY: return shape.shadow?.offset.y
        case .contentAlphaOutgoing: return shape.content?.alpha?.outgoing
        case .contentAlphaIncoming: return shape.content?.alpha?.incoming
        case .contentScaleOutgoingX: return shape.content?.scale?.outgoingX
        case .contentScaleOutgoingY: return shape.content?.scale?.outgoingY
        case .contentScaleIncomingX: return shape.content?.scale?.incomingX
        case .contentScaleIncomingY: return shape.content?.scale?.incomingY
        }
    }

    /// Which of the groups some element of `list` has.
    static func groupsPresent(in list: UnsafeBufferPointer<LayoutAttributes>) -> [Bool] {
        var present = [Bool](repeating: false, count: groups.count)
        for i in list.indices {
            guard let shape = list[i].shape else { continue }
            for (g, fields) in groups.enumerated() where !present[g] {
                present[g] = ShapeField(rawValue: fields.lowerBound)!.value(shape) != nil
            }
        }
        return present
    }

    /// The border's (`shadow`: the shadow's) colour of `shape`, if it has one.
    static func color(_ shape: ElementShape?, shadow: Bool) -> Color? {
        shadow ? shape?.shadow?.color : shape?.border?.color
    }
}
