/// The attributes of many elements (a tick's, a sample's), field by field, as the
/// compact and binary encodings write them. A tick of 200 cells held as
/// `[LayoutAttributes]` was 60 KB of records of about 300 bytes, each built, copied and
/// destroyed with its strings and arrays retained and released; here a plain cell is
/// one append of plain numbers.
///
/// `placements` holds what every element has (key, frames, progress). The other
/// columns are empty while every element has the common value (an alpha of 1, a
/// z-index of 0, the first state, no id, nothing of `AttributeExtras`): the first
/// element that differs fills them in for the elements before it.
public struct AttributeColumns: Sendable {
    public private(set) var placements: [ElementPlacement] = []
    /// Empty while every alpha is 1 (`alpha(_:)`).
    public private(set) var alphas: [Double] = []
    /// Empty while every z-index is 0 (`zIndex(_:)`).
    public private(set) var zIndices: [Int] = []
    /// Each element's index into `stateNames`; empty while every element has the first
    /// (`layoutState(_:)`).
    public private(set) var layoutStates: [Int] = []
    /// The layout states the elements name, in order of first use.
    public private(set) var stateNames: [String] = []
    /// Each element's stable id; empty while none has one.
    public private(set) var ids: [ItemID?] = []
    /// What few elements have; empty while none has any of it.
    public private(set) var extras: [AttributeExtras] = []
    /// The state of the element appended last (-1: none yet).
    private var lastState = -1

    public init() {}

    /// The columns of `list`, in its order.
    public init(_ list: some Sequence<LayoutAttributes>) {
        for a in list { append(a) }
    }

    /// Room for `n` elements in the columns every element has.
    public mutating func reserveCapacity(_ n: Int) {
        placements.reserveCapacity(n)
    }

    /// Empties the columns, keeping their storage.
    public mutating func removeAll() {
        placements.removeAll(keepingCapacity: true)
        alphas.removeAll(keepingCapacity: true)
        zIndices.removeAll(keepingCapacity: true)
        layoutStates.removeAll(keepingCapacity: true)
        stateNames.removeAll(keepingCapacity: true)
        ids.removeAll()
        extras.removeAll()
        lastState = -1
    }

    public mutating func append(_ a: LayoutAttributes) {
        let extra = AttributeExtras(a)
        appendPlain(
            a.key, id: a.id, frame: a.frame, alpha: a.alpha, zIndex: a.zIndex,
            progress: a.transitionProgress, nextFrame: a.nextFrame ?? a.frame,
            state: a.layoutState)
        Self.append(
            extra, to: &extras, differs: !extra.isEmpty, common: AttributeExtras(),
            before: count - 1)
    }

    /// Appends a cell of a layout's plain path: alpha 1, z-index 0, and nothing of
    /// `AttributeExtras` but `values` (the layout's, shared by its cells).
    mutating func appendCell(
        _ key: ElementKey, id: ItemID?, frame: Rect, nextFrame: Rect, progress p: Double,
        values: [CustomValue], state: String
    ) {
        appendPlain(
            key, id: id, frame: frame, alpha: 1, zIndex: 0, progress: p, nextFrame: nextFrame,
            state: state)
        if !values.isEmpty || !extras.isEmpty {
            Self.append(
                AttributeExtras(values: values), to: &extras, differs: true,
                common: AttributeExtras(),
                before: count - 1)
        }
    }

    #if !arch(wasm32)
        /// Appends the cells that `fill` stores straight into the placements (at most
        /// `room`; it returns how many), each with alpha 1, z-index 0, `values`, `state` and
        /// its id in `model`: the cells of a layout's plain path, with no call and no check
        /// per cell.
        mutating func appendPlainCells(
            upTo room: Int, values: [CustomValue], state: String, model: ItemModel,
            _ fill: (UnsafeMutablePointer<ElementPlacement>) -> Int
        ) {
            let start = placements.count
            let blank = ElementPlacement(
                key: .cell(0, 0), frame: .zero, nextFrame: .zero, progress: 0)
            placements.append(contentsOf: repeatElement(blank, count: room))
            let n = placements.withUnsafeMutableBufferPointer { fill($0.baseAddress! + start) }
            placements.removeLast(room - n)
            guard n > 0 else { return }
            let s = stateIndex(state)
            if s != 0 || !layoutStates.isEmpty {
                if layoutStates.isEmpty { layoutStates = Array(repeating: 0, count: start) }
                layoutStates.append(contentsOf: repeatElement(s, count: n))
            }
            if !alphas.isEmpty { alphas.append(contentsOf: repeatElement(1, count: n)) }
            if !zIndices.isEmpty { zIndices.append(contentsOf: repeatElement(0, count: n)) }
            if model.sections.contains(where: { $0.ids != nil }) || !ids.isEmpty {
                if ids.isEmpty { ids = Array(repeating: nil, count: start) }
                for e in placements[start...] { ids.append(model.id(at: e.key.indexPath)) }
            }
            if !values.isEmpty || !extras.isEmpty {
                if extras.isEmpty { extras = Array(repeating: AttributeExtras(), count: start) }
                extras.append(contentsOf: repeatElement(AttributeExtras(values: values), count: n))
            }
        }
    #endif

    @inline(__always)
    private mutating func appendPlain(
        _ key: ElementKey, id: ItemID?, frame: Rect, alpha: Double, zIndex: Int,
        progress p: Double, nextFrame: Rect, state: String
    ) {
        let n = placements.count
        Self.append(id, to: &ids, differs: id != nil, common: nil, before: n)
        Self.append(alpha, to: &alphas, differs: alpha != 1, common: 1, before: n)
        Self.append(zIndex, to: &zIndices, differs: zIndex != 0, common: 0, before: n)
        let s = stateIndex(state)
        Self.append(s, to: &layoutStates, differs: s != 0, common: 0, before: n)
        placements.append(
            ElementPlacement(key: key, frame: frame, nextFrame: nextFrame, progress: p))
    }

    /// Appends `value` to a column kept empty while every element had `common`: the
    /// first value that `differs` fills it in for the `before` elements ahead of it.
    @inline(__always)
    private static func append<T>(
        _ value: T, to column: inout [T], differs: Bool, common: T, before: Int
    ) {
        guard differs || !column.isEmpty else { return }
        if column.isEmpty { column = Array(repeating: common, count: before) }
        column.append(value)
    }

    /// The index of `name` in `stateNames`, added when new. Neighbours share their state
    /// (every cell of a layout): the last one is asked first.
    @inline(__always)
    private mutating func stateIndex(_ name: String) -> Int {
        if lastState >= 0, stateNames[lastState] == name { return lastState }
        return stateIndexOutOfLine(name)
    }

    @inline(never)
    private mutating func stateIndexOutOfLine(_ name: String) -> Int {
        if let known = stateNames.firstIndex(of: name) {
            lastState = known
        } else {
            stateNames.append(name)
            lastState = stateNames.count - 1
        }
        return lastState
    }

    public func alpha(_ i: Int) -> Double { alphas.isEmpty ? 1 : alphas[i] }
    public func zIndex(_ i: Int) -> Int { zIndices.isEmpty ? 0 : zIndices[i] }
    /// Element `i`'s index into `stateNames`.
    public func layoutState(_ i: Int) -> Int { layoutStates.isEmpty ? 0 : layoutStates[i] }

    /// What element `i` has of `AttributeExtras`.
    public func extra(_ i: Int) -> AttributeExtras {
        extras.isEmpty ? AttributeExtras() : extras[i]
    }

    /// The stable id of element `i`, if it has one.
    public func id(_ i: Int) -> ItemID? { ids.isEmpty ? nil : ids[i] }

    /// Whether some element is hidden, transformed, shaped or has values.
    public var hasExtras: Bool { !extras.isEmpty }
}

extension AttributeColumns {
    public var count: Int { placements.count }
    public var isEmpty: Bool { placements.isEmpty }
    public var indices: Range<Int> { placements.indices }

    /// Element `i` as one record.
    public subscript(i: Int) -> LayoutAttributes {
        let extra = extra(i)
        let e = placements[i]
        var a = LayoutAttributes(
            key: e.key, id: id(i), frame: e.frame, alpha: alpha(i), zIndex: zIndex(i),
            isHidden: extra.isHidden, transform: extra.transform, values: extra.values,
            transitionProgress: e.progress, nextFrame: extra.hasNextFrame ? e.nextFrame : nil,
            layoutState: stateNames[layoutState(i)])
        a.itemTransform = extra.itemTransform
        a.shape = extra.shape
        return a
    }

    /// Every element as a record, in order.
    public var records: [LayoutAttributes] { indices.map { self[$0] } }
}

/// What every element of `AttributeColumns` has: plain numbers, copied without
/// reference counting.
public struct ElementPlacement: Hashable, Sendable {
    public var key: ElementKey
    public var frame: Rect
    /// The frame in the destination layout; the element's own frame where it has none
    /// (`AttributeExtras.hasNextFrame` tells).
    public var nextFrame: Rect
    /// DisplaySwitcher's `transitionProgress`.
    public var progress: Double
}

/// What few elements of `AttributeColumns` have: a hidden flag, a transform, custom
/// values, a shape, or no next frame.
public struct AttributeExtras: Sendable {
    public var isHidden = false
    public var transform: AffineTransform? = nil
    public var itemTransform: ItemTransform? = nil
    public var values: [CustomValue] = []
    public var shape: ElementShape? = nil
    public var hasNextFrame = true

    public init() {}

    init(values: [CustomValue]) {
        self.values = values
    }

    init(_ a: LayoutAttributes) {
        isHidden = a.isHidden
        transform = a.transform
        itemTransform = a.itemTransform
        values = a.values
        shape = a.shape
        hasNextFrame = a.nextFrame != nil
    }

    var isEmpty: Bool {
        !isHidden && transform == nil && itemTransform == nil && values.isEmpty && shape == nil
            && hasNextFrame
    }
}
