import Foundation
import LenientJSON

// What SPEC §14 rules 1-3 allow a snapshot to show of a generated document after `count` bytes,
// computed from where each value begins and ends (Support/PartialGenerators.swift), never from a
// run of the partial decoder.

/// The values a snapshot may show at one place.
indirect enum ShownShape: CustomStringConvertible {
    /// No value can be built yet: an Optional holds `nil`, an open array leaves it out, a parent
    /// is unbuildable too.
    case unbuildable
    /// A hand-written `init(from:)` in progress: anything, or nothing.
    case anything
    case exact(ValueTree)
    /// A model's object (model keys); a key not listed must not be there.
    case object([String: MemberShape])
    /// An open array: its complete elements, then the element in progress (which may be left
    /// out unless `trailingRequired`).
    case array([ShownShape], trailing: ShownShape?, trailingRequired: Bool)
    /// Any one of these.
    case either([ShownShape])

    var mayBeUnbuildable: Bool {
        switch self {
        case .unbuildable, .anything: return true
        case .either(let shapes): return shapes.contains { $0.mayBeUnbuildable }
        default: return false
        }
    }

    var isUnbuildable: Bool { if case .unbuildable = self { return true } else { return false } }

    /// The shapes of a built value only.
    var built: ShownShape {
        if case .either(let shapes) = self {
            let kept = shapes.filter { !$0.isUnbuildable }.map(\.built)
            return kept.count == 1 ? kept[0] : .either(kept)
        }
        return self
    }

    var description: String {
        switch self {
        case .unbuildable: return "<unbuildable>"
        case .anything: return "<anything>"
        case .exact(let tree): return tree.description
        case .object(let members):
            return "{" + members.sorted { $0.key < $1.key }.map { "\($0.key):\($0.value)" }.joined(separator: ",") + "}"
        case .array(let fixed, let trailing, let required):
            let tail = trailing.map { ",\($0)\(required ? "" : "?")" } ?? ""
            return "[" + fixed.map(\.description).joined(separator: ",") + tail + "]"
        case .either(let shapes): return "(" + shapes.map(\.description).joined(separator: " | ") + ")"
        }
    }

    /// Why `tree` is not one of these values, or `nil`.
    func mismatch(_ tree: ValueTree, at path: String) -> String? {
        switch self {
        case .unbuildable: return "\(path) shows \(tree) where no value can be built yet"
        case .anything: return nil
        case .exact(let expected):
            return tree == expected ? nil : "\(path) shows \(tree), expected \(expected)"
        case .either(let shapes):
            let problems = shapes.filter { !$0.isUnbuildable }.map { $0.mismatch(tree, at: path) }
            if problems.contains(where: { $0 == nil }) { return nil }
            return "\(path) shows \(tree), expected one of \(self)"
        case .object(let members):
            guard case .object(let shown) = tree else { return "\(path) shows \(tree), expected an object \(self)" }
            for (key, member) in members.sorted(by: { $0.key < $1.key }) {
                let value = shown[key]
                switch member {
                case .absent:
                    if let value { return "\(path).\(key) shows \(value), expected nothing (nil or left out)" }
                case .present(let shape):
                    guard let value else { return "\(path).\(key) is missing, expected \(shape)" }
                    if let problem = shape.mismatch(value, at: path + "." + key) { return problem }
                case .absentOr(let shape):
                    if let value, let problem = shape.mismatch(value, at: path + "." + key) { return problem }
                }
            }
            if let extra = shown.keys.sorted().first(where: { members[$0] == nil }) {
                return "\(path).\(extra) shows \(shown[extra]!), which is no member at this point"
            }
            return nil
        case .array(let fixed, let trailing, let required):
            guard case .array(let elements) = tree else { return "\(path) shows \(tree), expected an array \(self)" }
            let countOK =
                (elements.count == fixed.count && !required) || (trailing != nil && elements.count == fixed.count + 1)
            if !countOK { return "\(path) shows \(elements.count) elements: \(tree), expected \(self)" }
            for (index, element) in elements.enumerated() {
                let shape = index < fixed.count ? fixed[index] : trailing!
                if let problem = shape.mismatch(element, at: path + "[\(index)]") { return problem }
            }
            return nil
        }
    }
}

/// What a snapshot may hold for one member of a model's object.
enum MemberShape: CustomStringConvertible {
    /// Left out (`nil`).
    case absent
    case present(ShownShape)
    case absentOr(ShownShape)

    var description: String {
        switch self {
        case .absent: return "<nil>"
        case .present(let shape): return shape.description
        case .absentOr(let shape): return "\(shape)?"
        }
    }
}

/// The rules of SPEC §14 for one document after `count` bytes.
struct PartialExpectation {
    let options: PartialOptions
    let count: Int

    enum Progress { case notBegun, inProgress, complete }

    /// Rule 1: a number is complete once the byte after it has arrived; anything else at its last byte.
    func isComplete(_ node: GenNode) -> Bool {
        node.isNumberToken ? count > node.end : count >= node.end
    }

    func progress(_ node: GenNode) -> Progress {
        if count <= node.start { return .notBegun }
        return isComplete(node) ? .complete : .inProgress
    }

    /// The paths of the values begun and not ended, outermost first.
    func pending(_ root: GenNode) -> [String] {
        var paths: [String] = []
        root.forEach { node in if progress(node) == .inProgress { paths.append(node.path) } }
        return paths
    }

    /// What the snapshot's `value` may be.
    func rootShape(_ root: GenNode) -> ShownShape {
        progress(root) == .notBegun ? .unbuildable : shape(root)
    }

    func shape(_ node: GenNode) -> ShownShape {
        let progress = progress(node)
        if progress == .complete { return .exact(node.modelTree ?? .null) }
        if node.opaque { return .anything }
        if progress == .notBegun { return hidden(node) }
        switch node.value {
        case .number, .bool, .null, .wholeString: return hidden(node)
        case .string(let units):
            guard options.strings == .prefix else { return hidden(node) }
            // Rule 1: the text that has arrived, without a unit cut at its end.
            let whole = zip(units, node.unitEnds).filter { $0.1 <= count }.map(\.0.text)
            return .exact(.string(whole.joined()))
        case .object(let members, let dictionary): return objectShape(members, dictionary: dictionary)
        case .array(let elements): return arrayShape(elements)
        }
    }

    /// Rule 2: a value not arrived or not whole.
    func hidden(_ node: GenNode) -> ShownShape {
        if node.optional { return .exact(.null) }
        if options.pendingMembers == .absent { return .unbuildable }
        return defaultShape(node)
    }

    /// Rule 2 under `.defaults`: the built-in default; none for an enum or a date.
    func defaultShape(_ node: GenNode) -> ShownShape {
        if node.opaque { return .anything }
        switch node.value {
        case .number(_, _, let hasDefault), .wholeString(_, _, let hasDefault):
            return hasDefault ? .exact(.number(0)) : .unbuildable
        case .bool: return .exact(.bool(false))
        case .string: return .exact(.string(""))
        case .null: return .exact(.null)
        case .array: return .exact(.array([]))
        case .object(_, true): return .exact(.object([:]))
        case .object(let members, false):
            var shapes: [String: MemberShape] = [:]
            var mayFail = false
            for member in members where !member.node.optional {
                let shape = defaultShape(member.node)
                if shape.isUnbuildable { return .unbuildable }
                mayFail = mayFail || shape.mayBeUnbuildable
                shapes[member.modelKey] = .present(shape.built)
            }
            for member in members where member.node.optional { shapes[member.modelKey] = .absent }
            return mayFail ? .either([.unbuildable, .object(shapes)]) : .object(shapes)
        }
    }

    func objectShape(_ members: [GenNode.Member], dictionary: Bool) -> ShownShape {
        var shapes: [String: MemberShape] = [:]
        var mayFail = false
        for member in members {
            let shape = shape(member.node)
            if dictionary {
                // Entries are known only as they arrive: one not yet whole may be there or not.
                switch progress(member.node) {
                case .complete: shapes[member.modelKey] = .present(shape)
                case .notBegun: shapes[member.modelKey] = .absent
                case .inProgress:
                    shapes[member.modelKey] = shape.isUnbuildable ? .absent : .absentOr(shape.built)
                }
                continue
            }
            if case .exact(.null) = shape {
                shapes[member.modelKey] = .absent
            } else if member.node.optional {
                if shape.isUnbuildable {
                    shapes[member.modelKey] = .absent
                } else {
                    shapes[member.modelKey] = shape.mayBeUnbuildable ? .absentOr(shape.built) : .present(shape)
                }
            } else {
                if shape.isUnbuildable { return .unbuildable }
                mayFail = mayFail || shape.mayBeUnbuildable
                shapes[member.modelKey] = .present(shape.built)
            }
        }
        return mayFail ? .either([.unbuildable, .object(shapes)]) : .object(shapes)
    }

    func arrayShape(_ elements: [GenNode]) -> ShownShape {
        var fixed: [ShownShape] = []
        for element in elements {
            switch progress(element) {
            case .complete:
                fixed.append(shape(element))
            case .notBegun:
                return .array(fixed, trailing: nil, trailingRequired: false)
            case .inProgress:
                let shape = shape(element)
                if shape.isUnbuildable { return .array(fixed, trailing: nil, trailingRequired: false) }
                // "The element in progress where it can be built": a string prefix or an open
                // container must be there; a scalar's default may be.
                var required = !shape.mayBeUnbuildable
                switch element.value {
                case .object, .array: break
                case .string: required = required && options.strings == .prefix
                default: required = false
                }
                return .array(fixed, trailing: shape.built, trailingRequired: required)
            }
        }
        return .array(fixed, trailing: nil, trailingRequired: false)
    }
}

// MARK: - Events and errors as compared

/// An event as the properties compare it: rule, kind, path and offset.
struct PartialEventKey: Hashable, CustomStringConvertible {
    var rule: String
    var kind: String
    var path: String
    var offset: Int?

    init(_ event: LenientDecodingEvent) {
        rule = String(describing: event.rule)
        kind = String(describing: event.kind)
        path = event.path
        offset = event.offset
    }

    var description: String { "\(rule)/\(kind) at \(path) offset \(offset.map(String.init) ?? "nil")" }
}

/// An error as the properties compare it: its `DecodingError` case, coding path, line, column
/// and offset (and, where asked, its message).
struct PartialErrorKey: Equatable, CustomStringConvertible {
    var info: ErrorInfo
    var line: Int?
    var column: Int?
    var offset: Int?
    var message: String

    init(_ error: any Error) {
        info = ErrorInfo(error)
        if let decodingError = error as? DecodingError {
            let problem = LenientDecodingProblem(decodingError)
            line = problem.line
            column = problem.column
            offset = problem.offset
            message = problem.message
        } else {
            message = String(describing: error)
        }
    }

    /// Equal case, path, key, line, column and offset.
    static func == (a: PartialErrorKey, b: PartialErrorKey) -> Bool {
        a.info == b.info && a.line == b.line && a.column == b.column && a.offset == b.offset
    }

    var description: String {
        "\(info.kind) at \(info.pathDescription) line \(line.map(String.init) ?? "-") column "
            + "\(column.map(String.init) ?? "-") offset \(offset.map(String.init) ?? "-"): \(message)"
    }
}
